import * as E from 'fp-ts/Either';
import { Account, Task } from '../config/account-config';

/**
 * The task a request selects: currentTaskId wins over taskName (docs/api/tickets.md); the name is looked up
 * within the account case-insensitively. Null when neither is sent. An unknown task is a Left
 * naming it.
 */
export const selectTask = (account: Account, currentTaskId: string | undefined, taskName: string | undefined): E.Either<string, Task | null> => {
  const tasks = account.tasks ?? [];
  if (currentTaskId !== undefined && currentTaskId.trim() !== '') {
    const id = currentTaskId.trim();
    const task = tasks.find((x) => x.id === id);
    return task ? E.right(task) : E.left(`Unknown task: currentTaskId "${id}" names no task of this account`);
  }
  if (taskName !== undefined && taskName.trim() !== '') {
    const name = taskName.trim().toLowerCase();
    const task = tasks.find((x) => x.name.toLowerCase() === name);
    return task ? E.right(task) : E.left(`Unknown task: taskName "${taskName.trim()}" names no task of this account`);
  }
  return E.right(null);
};

export const findTaskById = (account: Account, id: string): Task | undefined => (account.tasks ?? []).find((x) => x.id === id);
