import { Account } from '../../config/account-config';
import { ExportFormatOptions } from '../export-options';
import { accountTimezone } from '../export-request';
import { DurationClock, durationClock } from './business-clock';
import {
  ADDITIONAL_DATA_COLUMN, ASSIGNMENT_COLUMNS, CATEGORY_COLUMNS, CSAT_COLUMNS, CUSTOMER_COLUMNS, RELATED_WORK_COLUMNS, TICKET_COLUMNS,
  TIMING_COLUMNS, withNumericSuffixes,
} from './column-names';
import { hoursMinutes, wholeMinutes } from './durations';
import { ExportTicket, isParentRow } from './export-ticket';
import { fcrOf, voiceFcrOf } from './fcr';
import { cellText } from './payload-data';
import { PayloadCells, payloadCellsOf } from './payload-cells';
import { slaCell } from './sla';
import { countText } from './count-text';
import { epochFormatter, epochOf, isoTimestamp } from './timestamp-format';

/** What the columns of one export depend on. */
interface ExportColumnContext {
  readonly account: Account;
  readonly format: ExportFormatOptions;
  /** The moment the export runs: Pending SLAs, the age of open tickets and queued time are measured to it. */
  readonly now: Date;
  /** Objective parameters of the tasks present in the export's result, in column order. */
  readonly objectiveParams: readonly string[];
}

/**
 * One row's view of a ticket: the document, its payload cells and the instants and durations
 * several columns use, each worked out once per row.
 */
interface RowInput {
  readonly t: ExportTicket;
  readonly payload: PayloadCells;
  readonly created: number | null;
  readonly firstResponse: number | null;
  readonly resolved: number | null;
  /** Creation → first response on the account's clock (Response Time, First Response Time, SLA), null when either is missing. */
  readonly firstResponseMs: number | null;
  /** Creation → resolution on the account's clock (Resolution Time, SLA), null when either is missing. */
  readonly resolutionMs: number | null;
  /** The family's metrics on a parent row, else null (family columns are blank on child and interaction rows). */
  readonly family: ExportTicket['family'];
  /** The customer's waits for an agent (Total Response Time, Latest Response Time). */
  readonly waits: { readonly totalMs: number | null; readonly latestMs: number | null };
}

const NO_WAITS = { totalMs: null, latestMs: null } as const;

type Cell = (row: RowInput) => string;
/** A column: its name, its cell, and PLAIN when its cells never hold a comma, quote, CR or LF. */
type Column = readonly [name: string, cell: Cell, plain?: typeof PLAIN];
const PLAIN = 'plain';

export interface ExportColumns {
  readonly header: readonly string[];
  /** The cells of one ticket, in header order. */
  row(ticket: ExportTicket): string[];
  /**
   * The same cells as one delimited record, without its line end: joined by commas, each cell of a
   * column that may hold a comma, quote or line break passed through `quote` (the CSV writer's field
   * quoting) first. Cells the service writes itself from digits and fixed words (counts, durations,
   * non-legacy timestamps, Yes/No, SLA states, ...) cannot hold one and go as they are: no test per
   * cell, no array per row.
   */
  record(ticket: ExportTicket, quote: (cell: string) => string): string;
}

const list = (values: readonly unknown[] | undefined | null): string => (values && values.length > 0 ? values.join(', ') : '');
const count = (values: readonly unknown[] | undefined): string => (values === undefined ? '' : countText(values.length));
/** Names of ids joined by ", " (an unknown id stands for itself): no intermediate array. */
const namesOf = (ids: readonly string[], name: (id: string) => string): string => {
  let text = ids.length > 0 ? name(ids[0]) : '';
  for (let i = 1; i < ids.length; i++) text += `, ${name(ids[i])}`;
  return text;
};
const yesNo = (v: boolean | undefined | null): string => (v === true ? 'Yes' : v === false ? 'No' : '');
const TICKET_TYPES: Record<string, string> = { ticket: 'Ticket', child: 'Child', interaction: 'Interaction' };

/** Objective parameters of the given tasks, in the order of the account's tasks and their objectives, each once. */
export const objectiveParamsOf = (account: Account, taskIds: ReadonlySet<string>): string[] => {
  const params: string[] = [];
  for (const task of account.tasks ?? []) {
    if (!taskIds.has(task.id)) continue;
    for (const o of task.objectives ?? []) if (!params.includes(o.param)) params.push(o.param);
  }
  return params;
};

/**
 * The columns of docs/api/exports.md (The file) for one export, in the spec's group order: Ticket, Assignment,
 * Customer, Timing, Related work, SLA (one per policy), Task objectives (tasks in the result only),
 * Additional Data, CSAT, Disposition (Category, Subcategory, one per active disposition field).
 * Pure: the same tickets, account, options and moment give the same cells.
 */
export const exportColumns = (ctx: ExportColumnContext): ExportColumns => {
  const { account } = ctx;
  const nowMs = ctx.now.getTime();
  const localMs = epochFormatter(ctx.format);
  const local = (value: unknown): string => localMs(epochOf(value));
  const clock: DurationClock = durationClock(account.openingHours, accountTimezone(account));
  const userName = new Map((account.users ?? []).map((u) => [u.id, u.name]));
  const teamName = new Map((account.teams ?? []).map((t) => [t.id, t.name]));
  const taskName = new Map((account.tasks ?? []).map((t) => [t.id, t.name]));
  const person = (id: string | null | undefined): string => (id ? userName.get(id) ?? id : '');
  const taskNameOf = (id: string): string => taskName.get(id) ?? id;

  const between = (from: unknown, to: unknown, onClock: DurationClock): number | null => {
    const a = epochOf(from);
    const b = epochOf(to);
    return a === null || b === null ? null : onClock.elapsedMs(a, b);
  };
  const span = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : clock.elapsedMs(a, b));
  const asHoursMinutes = (ms: number | null): string => (ms === null ? '' : hoursMinutes(ms));
  const asMinutes = (ms: number | null): string => (ms === null ? '' : wholeMinutes(ms));
  const family = (row: RowInput) => row.family;

  const queuedMs = (t: ExportTicket): number | null => {
    const history = t.statusHistory;
    if (!history) return null;
    let queued = false;
    let total = 0;
    for (let i = 0; i < history.length; i++) {
      if (history[i].status !== 'queued') continue;
      queued = true;
      const end = i + 1 < history.length ? epochOf(history[i + 1].at) : nowMs;
      const start = epochOf(history[i].at);
      if (start !== null && end !== null) total += Math.max(0, end - start);
    }
    return queued ? total : null;
  };
  /** Every wait of the customer for an agent on the account's clock: their sum and the latest (each wait counted once). */
  const responseWaits = (t: ExportTicket): { readonly totalMs: number | null; readonly latestMs: number | null } => {
    const waits = t.responseWaits;
    if (!waits || waits.length === 0) return NO_WAITS;
    let totalMs = 0;
    let latestMs: number | null = null;
    for (const w of waits) {
      latestMs = between(w.from, w.to, clock);
      totalMs += latestMs ?? 0;
    }
    return { totalMs, latestMs };
  };
  const ageMs = ({ t, created, resolved }: RowInput): number | null =>
    created === null ? null : Math.max(0, (resolved ?? epochOf(t.closedAt) ?? nowMs) - created);
  const chatLink = (t: ExportTicket): string => {
    const viaChatApp = t.source === 'chatapp' || (t.involvedSources ?? []).includes('chatapp');
    const phone = t.customerPhones?.[0];
    return viaChatApp && phone ? `https://wa.me/${phone.replace(/\D/g, '')}` : '';
  };
  const payloadCells = payloadCellsOf(ctx.objectiveParams);

  // Local timestamps are plain unless written by the locale (legacy), which may put commas in them.
  const stamp = ctx.format.timestampFormat === 'legacy' ? undefined : PLAIN;
  const fixed: Column[] = [
    // Ticket
    ['Ticket Number', ({ t }) => cellText(t.ticketNumber), PLAIN],
    ['Ticket Type', ({ t }) => (t.ticketType ? TICKET_TYPES[t.ticketType] ?? t.ticketType : '')],
    ['Child Ticket Param', ({ t }) => cellText(t.childTicketParam)],
    ['Task Names', ({ t }) => (t.taskPath && t.taskPath.length > 0 ? namesOf(t.taskPath, taskNameOf) : t.taskId ? taskNameOf(t.taskId) : '')],
    ['Team', ({ t }) => (t.taskTeamId ? teamName.get(t.taskTeamId) ?? t.taskTeamId : '')],
    ['Actions', ({ t }) => list((t.actions ?? []).map((a) => `${a.actionKey} (${a.status})`))],
    ['Status', ({ t }) => cellText(t.status)],
    ['Source', ({ t }) => (t.source === 'manual' ? t.manualSourceLabel || 'Manual' : cellText(t.source))],
    ['Sentiments', ({ t }) => (t.sentiments && t.sentiments.length > 0 ? list(t.sentiments) : cellText(t.sentiment))],
    ['Order Name', ({ t }) => cellText(t.orderName)],
    ['Summary', ({ t }) => cellText(t.summary)],
    ['Resolution', ({ t }) => cellText(t.resolution)],
    // Assignment
    ['Assigned To', ({ t }) => person(t.assignedToId)],
    ['Assigned By', ({ t }) => person(t.assignedById)],
    ['Assigned At', ({ t }) => local(t.assignedAt), stamp],
    ['Involved Sources', ({ t }) => list(t.involvedSources)],
    ['Involved Agents', ({ t }) => namesOf(t.involvedAgentIds ?? [], person)],
    ['Has Involved Agent', ({ t }) => ((t.involvedAgentIds ?? []).length > 0 ? 'Yes' : 'No'), PLAIN],
    ['Resolved By', ({ t }) => (t.resolvedBy === 'ai' ? 'AI' : t.resolvedBy === 'agent' ? person(t.resolvedByUserId) || 'Agent' : '')],
    // Customer
    ['Customer Name', ({ t }) => cellText(t.customerName)],
    ['Customer Phone', ({ t }) => cellText(t.customerPhones?.[0])],
    ['Customer Email', ({ t }) => cellText(t.customerEmails?.[0])],
    ['Customer ID', ({ t }) => cellText(t.customerId)],
    ['Chat Link', ({ t }) => chatLink(t)],
    // Timing
    ['Created At', (r) => localMs(r.created), stamp],
    ['Queued Time', ({ t }) => asHoursMinutes(queuedMs(t)), PLAIN],
    ['First Response Timestamp', (r) => localMs(r.firstResponse), stamp],
    ['Response Time', (r) => asHoursMinutes(r.firstResponseMs), PLAIN],
    ['First Response Time (minutes)', (r) => asMinutes(r.firstResponseMs), PLAIN],
    ['Total Response Time (minutes)', (r) => asMinutes(r.waits.totalMs), PLAIN],
    ['Latest Response Time', (r) => asHoursMinutes(r.waits.latestMs), PLAIN],
    ['Age', (r) => asHoursMinutes(ageMs(r)), PLAIN],
    ['Resolution Time', (r) => asHoursMinutes(r.resolutionMs), PLAIN],
    ['Last Updated At', ({ t }) => local(t.updatedAt), stamp],
    ['Executed At', ({ t }) => local(t.executedAt), stamp],
    ['Resolved At', (r) => localMs(r.resolved), stamp],
    // Related work: lifetime totals of the family, on parent rows only
    ['Child Tickets', (r) => cellText(family(r)?.childTickets), PLAIN],
    ['Interaction Tickets', (r) => cellText(family(r)?.interactionTickets), PLAIN],
    ['Chat Interactions', (r) => count(family(r)?.chatSessionIds), PLAIN],
    ['Email Threads', (r) => count(family(r)?.emailThreadIds), PLAIN],
    ['Customer Email Messages', (r) => count(family(r)?.customerEmailMessageIds), PLAIN],
    ['Agent Email Messages', (r) => count(family(r)?.agentEmailMessageIds), PLAIN],
    ['Incoming Calls', (r) => count(family(r)?.incomingCallIds), PLAIN],
    ['Outgoing Calls', (r) => count(family(r)?.outgoingCallIds), PLAIN],
    ['Voice Calls', (r) => {
      const f = family(r);
      return f ? countText(f.incomingCallIds.length + f.outgoingCallIds.length) : '';
    }, PLAIN],
    ['FCR', ({ t }) => fcrOf(t), PLAIN],
    ['Voice FCR', ({ t }) => voiceFcrOf(t), PLAIN],
    ['Voice FCR Reason', ({ t }) => (isParentRow(t) ? cellText(t.voiceFcr?.reason) : '')],
    ['Voice FCR Evaluated At', ({ t }) => (isParentRow(t) ? local(t.voiceFcr?.evaluatedAt) : ''), stamp],
    ['Email ThreadId', ({ t }) => list(t.emailThreadIds)],
    ['Email Client', ({ t, payload }) => list(t.emailClients) || payload.emailClient],
    ['Auto Resolved', ({ t }) => yesNo(t.autoResolved), PLAIN],
  ];

  const slaPolicies = account.slaPolicies ?? [];
  const occurrence = slaPolicies.map((p, i) => slaPolicies.slice(0, i).filter((q) => q.label === p.label).length);
  const sla: Column[] = withNumericSuffixes(slaPolicies.map((p) => `SLA: ${p.label}`))
    .map((name, i) => [name, (r) => slaCell(slaPolicies[i], occurrence[i], r, { targets: r.t.slaTargets, outcomes: r.t.slaOutcomes }, clock, nowMs), PLAIN]);
  const objectives: Column[] = ctx.objectiveParams.map((param, i): Column => [
    `Objective: ${param}`,
    ({ t, payload }) => {
      const value = t.objectives?.[param];
      return value === undefined ? payload.objectives[i] : cellText(value);
    },
  ]);
  const csat: Column[] = [
    ['CSAT Status', ({ t }) => (t.csatStatus === 'sent' ? 'Sent' : t.csatStatus === 'submitted' ? 'Submitted' : ''), PLAIN],
    ['CSAT Rating', ({ t }) => cellText(t.csat?.rating)],
    ['CSAT Comment', ({ t }) => cellText(t.csat?.comment)],
    ['CSAT Sent At', ({ t }) => isoTimestamp(t.csatSentAt), PLAIN],
    ['CSAT Submitted At', ({ t }) => isoTimestamp(t.csatSubmittedAt), PLAIN],
  ];
  const activeFields = (account.dispositionFields ?? []).filter((f) => f.active);
  const disposition: Column[] = [
    ['Category', ({ t }) => cellText(t.category)],
    ['Subcategory', ({ t }) => cellText(t.subcategory)],
    ...withNumericSuffixes(activeFields.map((f) => `Disposition: ${f.label}`)).map((name, i): Column => {
      const field = activeFields[i];
      return [name, ({ t }) => {
        const value = t.dispositions?.[field.label];
        if (value !== undefined) return cellText(value);
        return field.kind === 'category' ? cellText(t.category) : field.kind === 'subcategory' ? cellText(t.subcategory) : '';
      }];
    }),
  ];

  const columns: Column[] = [
    ...fixed, ...sla, ...objectives, [ADDITIONAL_DATA_COLUMN, ({ payload }) => payload.additionalData], ...csat, ...disposition,
  ];
  const cells = columns.map(([, cell]) => cell);
  const plain = columns.map(([, , p]) => p === PLAIN);
  /** The cells of the record being written, reused from record to record (joined into one flat string). */
  const recordCells = new Array<string>(cells.length).fill('');
  const inputOf = (t: ExportTicket): RowInput => {
    const created = epochOf(t.createdAt);
    const firstResponse = epochOf(t.firstResponseAt);
    const resolved = epochOf(t.resolvedAt);
    return {
      t, payload: payloadCells(t.payload), created, firstResponse, resolved,
      firstResponseMs: span(created, firstResponse), resolutionMs: span(created, resolved), family: isParentRow(t) ? t.family ?? null : null,
      waits: responseWaits(t),
    };
  };
  return {
    header: columns.map(([name]) => name),
    row: (t) => {
      const input = inputOf(t);
      const out = new Array<string>(cells.length);
      for (let i = 0; i < cells.length; i++) out[i] = cells[i](input);
      return out;
    },
    record: (t, quote) => {
      const input = inputOf(t);
      for (let i = 0; i < cells.length; i++) recordCells[i] = plain[i] ? cells[i](input) : quote(cells[i](input));
      return recordCells.join(',');
    },
  };
};

/** The fixed column names in spec order (for documentation and tests). */
export const FIXED_COLUMN_NAMES: readonly string[] = [
  ...TICKET_COLUMNS, ...ASSIGNMENT_COLUMNS, ...CUSTOMER_COLUMNS, ...TIMING_COLUMNS, ...RELATED_WORK_COLUMNS,
];
export const TRAILING_COLUMN_NAMES: readonly string[] = [ADDITIONAL_DATA_COLUMN, ...CSAT_COLUMNS, ...CATEGORY_COLUMNS];
