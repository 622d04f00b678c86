import {
  AccountDirectory, contributionChange, ReadDocument, DocumentWrite, evolveReportTicket, ProjectionReads, RecordedEvent, REPORT_DAYS_COLLECTION, REPORT_EVENT_TYPES,
  REPORT_TICKETS_COLLECTION, ReportClock, ReportDimensions, ReportEvent, REPORTS_PROJECTION, ReportTicket, sameDimensions, TICKET_STREAM_PREFIX, ticketContribution,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';
import { reportClocks } from './report-clocks';
import { negated, rowWrites } from './report-row-writes';

/** Changes when the rows' or the tickets' form or a metric's definition changes: the read model is rebuilt from the log. */
export const REPORTS_READ_MODEL_VERSION = 1;

const COUNTS = ['created', 'resolved', 'reopened', 'ended', 'handled', 'csatCount', 'csatSum'];

export const REPORTS_READ_MODEL_COLLECTIONS = {
  [REPORT_DAYS_COLLECTION]: {
    fields: ['accountId', 'day', 'agentId', 'teamId', 'channel', 'taskId', ...COUNTS],
    indexes: [{ name: 'account_day', fields: ['accountId', 'day'] }],
  },
  [REPORT_TICKETS_COLLECTION]: { fields: ['accountId'] },
};

const dimensionsOf = (t: ReportTicket): ReportDimensions => ({ agentId: t.agentId, teamId: t.teamId, channel: t.channel, taskId: t.taskId });

/** The writes of one event: the ticket's facts, and its numbers moved in the rows (all of them, when its agent, team or task changed). */
const reportWrites = async (event: RecordedEvent, reads: ProjectionReads, clockOf: (accountId: string) => ReportClock): Promise<readonly DocumentWrite[]> => {
  if (!REPORT_EVENT_TYPES.includes(event.type)) return [];
  const e = { type: event.type, data: event.data } as ReportEvent;
  const { ticketId, accountId } = e.data;
  // A create is the ticket's first event: nothing to read for it.
  const before = e.type === 'TicketCreated' ? null : await reads.get<ReportTicket & ReadDocument>(REPORT_TICKETS_COLLECTION, ticketId);
  const after = evolveReportTicket(before, e, clockOf(accountId));
  if (after === null || after === before) return [];
  const { _id, ...facts } = after as ReportTicket & { _id?: string };
  const ticketWrite: DocumentWrite = { collection: REPORT_TICKETS_COLLECTION, id: ticketId, set: facts, upsert: true };
  const was = before === null ? new Map() : ticketContribution(before);
  const is = ticketContribution(after);
  if (before === null || sameDimensions(dimensionsOf(before), dimensionsOf(after))) {
    return [ticketWrite, ...(await rowWrites(reads, accountId, dimensionsOf(after), contributionChange(was, is)))];
  }
  return [
    ticketWrite,
    ...(await rowWrites(reads, accountId, dimensionsOf(before), negated(was))),
    ...(await rowWrites(reads, accountId, dimensionsOf(after), is)),
  ];
};

const UNBOUND = 'the reports projection counts on each account\'s clock: bind it to the account directory (ProjectionDefinition.bind)';

/**
 * The reports read model (docs/api/reports.md, docs/read-models.md): per account × day (the
 * account's time zone) × agent × team × channel × task, the counts, duration histograms, SLA
 * outcomes and CSAT of the tickets, and per ticket the facts they come from. Each event changes
 * the ticket's facts and moves its contribution, so the rows are always the sum over the tickets;
 * rebuilt from the log like every read model. Business time is the account's SLA clock, so the
 * projection is bound to the account directory by the composition root.
 */
export const reportsProjection: ProjectionDefinition = {
  name: REPORTS_PROJECTION,
  streamNamePrefixes: [TICKET_STREAM_PREFIX],
  version: REPORTS_READ_MODEL_VERSION,
  collections: REPORTS_READ_MODEL_COLLECTIONS,
  project: async () => {
    throw new Error(UNBOUND);
  },
  bind: ({ directory }: { directory: () => AccountDirectory }) => {
    const clockOf = reportClocks(directory);
    return { ...reportsProjection, project: (event, reads) => reportWrites(event, reads, clockOf) };
  },
};
