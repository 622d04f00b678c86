import * as E from 'fp-ts/Either';
import { HttpProblem } from '@support/http-edge';
import { BulkChangeCommand, BulkChangeName, Principal } from '@support/domain';
import { LIFECYCLE_COMMANDS, toLifecycleCommand } from '../tickets/lifecycle/lifecycle-commands';
import { ticketProblem } from '../tickets/lifecycle/ticket-problem';

/**
 * The ticket commands of a bulk update's changes, each made by its single-ticket route's own code
 * (POST /apis/tickets/{id}/<change>): the same body, the same checks, the same messages, prefixed
 * with the change's name.
 */
export const bulkCommands = (
  principal: Principal, changes: readonly (readonly [BulkChangeName, unknown])[], at: string,
): E.Either<HttpProblem, readonly BulkChangeCommand[]> => {
  const commands: BulkChangeCommand[] = [];
  for (const [name, body] of changes) {
    const route = LIFECYCLE_COMMANDS.find((c) => c.path === `/${name}`)!;
    const made = toLifecycleCommand(route, { principal, params: {}, body, at });
    if (E.isLeft(made)) {
      const p = ticketProblem(made.left);
      return E.left({ ...p, body: { ...p.body, message: `changes.${name}: ${String(p.body.message)}` } });
    }
    commands.push(made.right as BulkChangeCommand);
  }
  return E.right(commands);
};
