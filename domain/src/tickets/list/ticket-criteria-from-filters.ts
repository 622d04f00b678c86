import * as E from 'fp-ts/Either';
import { normalizePhone } from '../../customers/contact';
import { BUILT_IN_SOURCES } from '../source';
import { parseDateBound } from './date-bounds';
import { commaSeparated, distinct } from './filter-clauses';
import { TicketCriteria } from './ticket-criteria';
import { TicketFilters } from './ticket-filters';
import { TicketQueryScope } from './ticket-query-scope';

/** A filter the caller must fix: 400 with this message, naming the field. */
export interface TicketFilterProblem {
  readonly kind: 'InvalidTicketFilter';
  readonly field: string;
  readonly message: string;
}

type Clauses = E.Either<TicketFilterProblem, Partial<TicketCriteria>>;

const invalid = (field: string, message: string): E.Either<TicketFilterProblem, never> => E.left({ kind: 'InvalidTicketFilter', field, message });

/** Statuses with which ignoreDateRange may skip the date filters (docs/api/ticket-list.md, Filters). */
const UNDATED_STATUSES: readonly string[] = ['assigned', 'queued'];

const IN_PROGRESS = 'in_progress';

const present = <A>(list: readonly A[] | undefined): list is readonly A[] => list !== undefined && list.length > 0;
const nonBlank = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

const dates = (f: TicketFilters): Clauses => {
  const start = f.startDate === undefined ? undefined : parseDateBound(f.startDate, 'start');
  if (start === null) return invalid('startDate', 'startDate must be an ISO 8601 date-time, for example 2026-01-31T00:00:00Z');
  const end = f.endDate === undefined ? undefined : parseDateBound(f.endDate, 'end');
  if (end === null) return invalid('endDate', 'endDate must be an ISO 8601 date-time, for example 2026-01-31T23:59:59Z');
  if (start !== undefined && end !== undefined && end < start) return invalid('endDate', 'endDate must be after startDate');
  if (f.ignoreDateRange === true) {
    const statuses = f.statuses ?? [];
    if (statuses.length === 0 || !statuses.every((s) => UNDATED_STATUSES.includes(s))) {
      return invalid(
        'ignoreDateRange',
        'Invalid date range or status combination: ignoreDateRange is only allowed when filtering by statuses that are all assigned or queued (send statuses such as ["assigned", "queued"], or remove ignoreDateRange)',
      );
    }
    return E.right({});
  }
  return E.right({ ...(start !== undefined ? { from: start } : {}), ...(end !== undefined ? { to: end } : {}) });
};

const statuses = (f: TicketFilters): Partial<TicketCriteria> => {
  if (present(f.statuses)) return { statuses: distinct(f.statuses).filter((s) => !(f.excludeInProgress === true && s === IN_PROGRESS)) };
  return f.excludeInProgress === true ? { statusNot: IN_PROGRESS } : {};
};

const agents = (f: TicketFilters): Partial<TicketCriteria> => ({
  ...(nonBlank(f.agentId) ? { assignedToId: f.agentId } : {}),
  ...(nonBlank(f.involvedAgentId) ? { involvedAgentId: f.involvedAgentId } : {}),
  ...(f.agentInvolvement !== undefined ? { agentInvolvement: f.agentInvolvement } : {}),
  ...(f.unassigned === true ? { unassigned: true } : {}),
  ...(nonBlank(f.createdByUserId) ? { createdByUserId: f.createdByUserId } : {}),
});

/** taskIds and noTaskIds together mean "these tasks, or no task" (the task picker's "No task" entry). */
const tasks = (f: TicketFilters): Partial<TicketCriteria> => {
  const ids = present(f.taskIds) ? distinct(f.taskIds) : [];
  return {
    ...(ids.length > 0 ? { taskIds: f.noTaskIds === true ? [...ids, null] : ids } : f.noTaskIds === true ? { taskIds: [null] } : {}),
    ...(present(f.taskTeamIds) ? { taskTeamIds: distinct(f.taskTeamIds) } : {}),
  };
};

/** A search that looks like part of a phone number also matches the digits alone ("98765 43210" finds +919876543210). */
const search = (f: TicketFilters): Partial<TicketCriteria> => {
  if (!nonBlank(f.search)) return {};
  const text = f.search.trim().toLowerCase();
  const fragments = [text];
  const digits = text.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(text) && digits.length >= 3 && digits !== text) fragments.push(digits);
  return { searchFragments: fragments };
};

const phones = (f: TicketFilters, scope: TicketQueryScope): Clauses => {
  if (f.phoneNumber === undefined) return E.right({});
  const raw = commaSeparated(f.phoneNumber);
  if (raw.length === 0) return E.right({});
  const normalized: string[] = [];
  for (const [i, value] of raw.entries()) {
    const phone = normalizePhone(value, scope.defaultPhoneCountry);
    if (E.isLeft(phone)) {
      const which = raw.length > 1 ? `phoneNumber (value ${i + 1} of ${raw.length})` : 'phoneNumber';
      return invalid('phoneNumber', `${which} ${phone.left}`);
    }
    normalized.push(phone.right);
  }
  return E.right({ phones: distinct(normalized) });
};

const orderNames = (f: TicketFilters): Partial<TicketCriteria> => {
  const names = f.orderName === undefined ? [] : distinct(commaSeparated(f.orderName));
  return names.length > 0 ? { orderNames: names } : {};
};

/** "1001" or "#1001" matches ticket number 1001; any value matches a ticket name exactly. */
const ticketKeys = (f: TicketFilters): Partial<TicketCriteria> => {
  const values = f.ticketNumber === undefined ? [] : distinct(commaSeparated(f.ticketNumber));
  if (values.length === 0) return {};
  const numbers = values.flatMap((v) => {
    const digits = /^#?0*(\d+)$/.exec(v)?.[1];
    return digits === undefined ? [] : [digits];
  });
  return { ticketKeys: distinct([...values, ...numbers]) };
};

/**
 * source: a built-in source (any casing) matches that source; any other value is a manual-source
 * label, as at creation (docs/api/tickets.md, rule Source): source manual with that label, in its configured casing.
 * manualSourceLabel matches exactly and implies source manual when source is not sent.
 */
const sources = (f: TicketFilters, scope: TicketQueryScope): Partial<TicketCriteria> => {
  let source: string | undefined;
  const labels: string[] = [];
  if (nonBlank(f.source)) {
    const wanted = f.source.trim();
    const builtIn = BUILT_IN_SOURCES.find((s) => s.toLowerCase() === wanted.toLowerCase());
    if (builtIn !== undefined) source = builtIn;
    else {
      source = 'manual';
      labels.push(scope.manualSourceLabels.find((l) => l.toLowerCase() === wanted.toLowerCase()) ?? wanted);
    }
  }
  if (nonBlank(f.manualSourceLabel)) {
    labels.push(f.manualSourceLabel.trim());
    source ??= 'manual';
  }
  return { ...(source !== undefined ? { source } : {}), ...(labels.length > 0 ? { manualSourceLabels: distinct(labels) } : {}) };
};

const dispositions = (f: TicketFilters): Partial<TicketCriteria> => ({
  ...(nonBlank(f.category) ? { category: f.category } : {}),
  ...(nonBlank(f.subcategory) ? { subcategory: f.subcategory } : {}),
  ...(present(f.sentiments) ? { sentiments: distinct(f.sentiments) } : {}),
});

const parents = (f: TicketFilters): Partial<TicketCriteria> => ({
  ...(f.excludeChildTickets === true ? { withoutParent: true } : {}),
  ...(nonBlank(f.parentTicketId) ? { parentTicketId: f.parentTicketId } : {}),
});

/**
 * The shared filters of docs/api/ticket-list.md (Filters) as criteria, always scoped to the caller's account; a filter the
 * caller must fix is a problem naming it. Pure: the same input gives the same criteria.
 */
export const ticketCriteria = (scope: TicketQueryScope, f: TicketFilters): E.Either<TicketFilterProblem, TicketCriteria> => {
  const range = dates(f);
  if (E.isLeft(range)) return range;
  const phone = phones(f, scope);
  if (E.isLeft(phone)) return phone;
  return E.right({
    accountId: scope.accountId,
    timestampKey: f.timestampKey ?? 'createdAt',
    sortOrder: f.sortOrder ?? 'desc',
    ...range.right,
    ...statuses(f),
    ...agents(f),
    ...tasks(f),
    ...sources(f, scope),
    ...phone.right,
    ...orderNames(f),
    ...ticketKeys(f),
    ...dispositions(f),
    ...parents(f),
    ...search(f),
  });
};

/** An export's criteria: the request's, limited to the tickets that existed when it was requested. */
export const snapshotCriteria = (criteria: TicketCriteria, requestedAt: Date): TicketCriteria => ({
  ...criteria,
  createdAtMost: requestedAt.toISOString(),
});
