import { ReportDimensions } from './report-row';
import { DaySpan, spanInstants } from './report-periods';

/** The body of `POST /apis/task-runs/tickets/list` that lists a row's tickets (docs/api/ticket-list.md). */
export type TicketListBody = Readonly<Record<string, unknown>>;

/** The list's filters for the dimensions a row is narrowed to (a dimension left out is any value). */
const dimensionFilters = (d: Partial<ReportDimensions>, teamlessTasks: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (d.agentId !== undefined) Object.assign(out, d.agentId === null ? { unassigned: true } : { agentId: d.agentId });
  if (d.channel !== undefined) out.source = d.channel;
  if (d.taskId !== undefined) Object.assign(out, d.taskId === null ? { noTaskIds: true } : { taskIds: [d.taskId] });
  if (d.teamId !== undefined && d.teamId !== null) out.taskTeamIds = [d.teamId];
  // No team: the tickets without a task, or on a task without a team (unless the row's task says which).
  if (d.teamId === null && d.taskId === undefined) Object.assign(out, { noTaskIds: true }, teamlessTasks.length > 0 ? { taskIds: [...teamlessTasks] } : {});
  return out;
};

/**
 * The list bodies that yield a row's tickets: `created` (created in the row's days) and `resolved`
 * (whose resolution, the one they hold now, fell in them), each narrowed to the row's dimensions.
 * Their `total`s are the row's `created` and `resolved`.
 */
export const rowTicketFilters = (
  zone: string, span: DaySpan, dimensions: Partial<ReportDimensions>, teamlessTasks: readonly string[],
): { readonly created: TicketListBody; readonly resolved: TicketListBody } => {
  const dates = spanInstants(zone, span);
  const dims = dimensionFilters(dimensions, teamlessTasks);
  return {
    created: { timestampKey: 'createdAt', ...dates, ...dims },
    resolved: { timestampKey: 'resolvedAt', ...dates, ...dims },
  };
};
