import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  BULK_UPDATES_PROJECTION, BulkSelection, bulkChange, bulkUpdateStream, CommandContext, exportOwnerOf, MAX_BULK_FILTER_MATCHES, Principal, READ_YOUR_WRITES_MS,
  ReadModels, validateBulkUpdateRequest,
} from '@support/domain';
import { handleBulkUpdateJob } from '@support/event-sourcing';
import { bulkCommands } from './bulk-commands';
import { BulkUpdateDeps, bulkStatusUrl } from './bulk-update-deps';

const count = (n: number): string => n.toLocaleString('en-US');

/** The tickets a selection names: the ids as sent, or the filter's matches now in the list's order (at most 10,000, else 400 naming the count). */
const selectedTickets = async (readModels: ReadModels, selection: BulkSelection, context: CommandContext): Promise<E.Either<HttpProblem, readonly string[]>> => {
  if (selection.kind === 'ids') return E.right(selection.ticketIds);
  const matches = await readModels.tickets.count(selection.criteria, { deadline: context.deadline });
  if (matches > MAX_BULK_FILTER_MATCHES) {
    return E.left(problem(400, `The filter matches ${count(matches)} tickets; a bulk update takes at most ${count(MAX_BULK_FILTER_MATCHES)}: narrow the filter (for example by startDate and endDate, statuses or agentId)`, {
      field: 'filter', matches,
    }));
  }
  if (matches === 0) return E.right([]);
  const page = await readModels.tickets.page(selection.criteria, 1, MAX_BULK_FILTER_MATCHES, [], { deadline: context.deadline });
  return E.right(page.docs.map((d) => d._id));
};

/**
 * POST /apis/tickets/bulk (docs/api/bulk-updates.md, Start): validate the selection and the changes
 * (each change by its single-ticket route's code), fix the tickets (the ids, or the filter's
 * matches now), and record BulkUpdateRequested on the job's stream. The job is published from that
 * event by the dispatcher (the outbox) and run by the workers. Answers 202 once the status route
 * can read the job.
 */
export const startBulkUpdate = async (deps: BulkUpdateDeps, principal: Principal, body: unknown, context: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const valid = validateBulkUpdateRequest(body, principal.account);
  if (E.isLeft(valid)) return E.left(problem(400, valid.left.message, valid.left.field !== undefined ? { field: valid.left.field } : {}));
  const commands = bulkCommands(principal, valid.right.changes, context.now.toISOString());
  if (E.isLeft(commands)) return commands;
  const ticketIds = await selectedTickets(deps.readModels, valid.right.selection, context);
  if (E.isLeft(ticketIds)) return ticketIds;
  const jobId = deps.newId();
  const { selection } = valid.right;
  const handled = await handleBulkUpdateJob(deps, bulkUpdateStream(jobId), {
    type: 'RequestBulkUpdate',
    data: {
      jobId, accountId: principal.accountId, requestedBy: exportOwnerOf(principal), tokenId: principal.tokenId,
      ticketIds: ticketIds.right, ...(selection.kind === 'filter' ? { filters: selection.filters } : {}),
      changes: Object.fromEntries(valid.right.changes), commands: commands.right.map(bulkChange), total: ticketIds.right.length, requestedAt: context.now.toISOString(),
    },
  }, context, { newStream: true });
  if (E.isLeft(handled) || handled.right.appended === null) {
    deps.logger.error('bulk update request was not recorded', { requestId: context.requestId, accountId: principal.accountId, jobId });
    return E.left(problem(500, 'Failed to queue the bulk update: try again shortly'));
  }
  await deps.progress.waitFor([BULK_UPDATES_PROJECTION], handled.right.appended.position, READ_YOUR_WRITES_MS);
  return ok({ success: true, jobId, status: 'queued', total: ticketIds.right.length, processed: 0, statusUrl: bulkStatusUrl(jobId) }, 202);
};
