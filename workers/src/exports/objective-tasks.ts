import { Account, objectiveParamsOf, TicketCriteria, TicketReads } from '@support/domain';

/**
 * Objective parameters of the tasks present in the export's result (docs/api/exports.md, The file: "per objective
 * parameter configured on tasks in the filtered result"): one indexed existence probe per
 * configured task that has objectives, before the header is written.
 */
export const objectiveParamsInResult = async (tickets: TicketReads, account: Account, criteria: TicketCriteria): Promise<string[]> => {
  const present = new Set<string>();
  for (const task of account.tasks ?? []) {
    if ((task.objectives ?? []).length === 0) continue;
    const inTask = criteria.taskIds === undefined || criteria.taskIds.includes(task.id);
    if (inTask && (await tickets.exists({ ...criteria, taskIds: [task.id] }))) present.add(task.id);
  }
  return objectiveParamsOf(account, present);
};
