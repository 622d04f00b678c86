import * as E from 'fp-ts/Either';
import { normalizePhone } from '../../customers/contact';
import { BUILT_IN_SOURCES } from '../source';
import { Filter, Sort } from '../../ports/read-store';
import { parseDateBound } from './date-bounds';
import { allOf, commaSeparated, distinct, escapeRegex } from './filter-clauses';
import { TicketFilters, TimestampKey } from './ticket-filters';
import { TicketQueryScope } from './ticket-query-scope';
import { IN_PROGRESS, TicketFilterProblem, UNDATED_STATUSES } from './ticket-criteria-from-filters';

/** The filters compiled once, to MongoDB documents that MongoDB and the embedded store both run. */
export interface TicketQuery {
  readonly filter: Filter;
  readonly sort: Sort;
  readonly timestampKey: TimestampKey;
}

const invalid = (field: string, message: string): E.Either<TicketFilterProblem, never> => E.left({ kind: 'InvalidTicketFilter', field, message });

const present = <A>(list: readonly A[] | undefined): list is readonly A[] => list !== undefined && list.length > 0;
const nonBlank = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';

/** Sort by the chosen timestamp, then by _id so that pages are stable when timestamps tie. */
export const ticketSort = (timestampKey: TimestampKey, sortOrder: 'asc' | 'desc'): Sort => {
  const direction = sortOrder === 'asc' ? 1 : -1;
  return { [timestampKey]: direction, _id: direction };
};

const dateClauses = (f: TicketFilters, key: TimestampKey): E.Either<TicketFilterProblem, Filter[]> => {
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
    return E.right([]);
  }
  if (start === undefined && end === undefined) return E.right([]);
  return E.right([{ [key]: { ...(start !== undefined ? { $gte: start } : {}), ...(end !== undefined ? { $lte: end } : {}) } }]);
};

const statusClauses = (f: TicketFilters): Filter[] => {
  if (present(f.statuses)) {
    const wanted = distinct(f.statuses).filter((s) => !(f.excludeInProgress === true && s === IN_PROGRESS));
    return [{ status: { $in: wanted } }];
  }
  return f.excludeInProgress === true ? [{ status: { $ne: IN_PROGRESS } }] : [];
};

const agentClauses = (f: TicketFilters): Filter[] => [
  ...(nonBlank(f.agentId) ? [{ assignedToId: f.agentId }] : []),
  ...(nonBlank(f.involvedAgentId) ? [{ involvedAgentIds: f.involvedAgentId }] : []),
  ...(f.agentInvolvement === 'only_ai' ? [{ 'involvedAgentIds.0': { $exists: false } }] : []),
  ...(f.agentInvolvement === 'agents_involved' ? [{ 'involvedAgentIds.0': { $exists: true } }] : []),
  ...(f.unassigned === true ? [{ assignedToId: null }] : []),
  ...(nonBlank(f.createdByUserId) ? [{ createdByUserId: f.createdByUserId }] : []),
];

/** taskIds and noTaskIds together mean "these tasks, or no task" (the task picker's "No task" entry). */
const taskClauses = (f: TicketFilters): Filter[] => {
  const ids = present(f.taskIds) ? distinct(f.taskIds) : [];
  return [
    ...(ids.length > 0 ? [{ taskId: { $in: f.noTaskIds === true ? [...ids, null] : ids } }] : f.noTaskIds === true ? [{ taskId: null }] : []),
    ...(present(f.taskTeamIds) ? [{ taskTeamId: { $in: distinct(f.taskTeamIds) } }] : []),
  ];
};

/** A search that looks like part of a phone number also matches the digits alone ("98765 43210" finds +919876543210). */
const searchClauses = (f: TicketFilters): Filter[] => {
  if (!nonBlank(f.search)) return [];
  const text = f.search.trim().toLowerCase();
  const patterns = [escapeRegex(text)];
  const digits = text.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(text) && digits.length >= 3 && digits !== text) patterns.push(digits);
  return [{ searchText: { $regex: patterns.join('|') } }];
};

const phoneClauses = (f: TicketFilters, scope: TicketQueryScope): E.Either<TicketFilterProblem, Filter[]> => {
  if (f.phoneNumber === undefined) return E.right([]);
  const raw = commaSeparated(f.phoneNumber);
  if (raw.length === 0) return E.right([]);
  const phones: string[] = [];
  for (const [i, value] of raw.entries()) {
    const normalized = normalizePhone(value, scope.defaultPhoneCountry);
    if (E.isLeft(normalized)) {
      const which = raw.length > 1 ? `phoneNumber (value ${i + 1} of ${raw.length})` : 'phoneNumber';
      return invalid('phoneNumber', `${which} ${normalized.left}`);
    }
    phones.push(normalized.right);
  }
  return E.right([{ customerPhones: { $in: distinct(phones) } }]);
};

const orderNameClauses = (f: TicketFilters): Filter[] => {
  const names = f.orderName === undefined ? [] : distinct(commaSeparated(f.orderName));
  return names.length > 0 ? [{ orderName: { $in: names } }] : [];
};

/** "1001" or "#1001" matches ticket number 1001; any value matches a ticket name exactly. */
const ticketNumberClauses = (f: TicketFilters): Filter[] => {
  const values = f.ticketNumber === undefined ? [] : distinct(commaSeparated(f.ticketNumber));
  if (values.length === 0) return [];
  const numbers = values.flatMap((v) => {
    const digits = /^#?0*(\d+)$/.exec(v)?.[1];
    return digits === undefined ? [] : [digits];
  });
  return [{ ticketKeys: { $in: distinct([...values, ...numbers]) } }];
};

/**
 * source: a built-in source (any casing) matches that source; any other value is a manual-source
 * label, as at creation (spec 4.1.1): source manual with that label, in its configured casing.
 * manualSourceLabel matches exactly and implies source manual when source is not sent.
 */
const sourceClauses = (f: TicketFilters, scope: TicketQueryScope): Filter[] => {
  const clauses: Filter[] = [];
  if (nonBlank(f.source)) {
    const wanted = f.source.trim();
    const builtIn = BUILT_IN_SOURCES.find((s) => s.toLowerCase() === wanted.toLowerCase());
    if (builtIn !== undefined) clauses.push({ source: builtIn });
    else {
      const label = scope.manualSourceLabels.find((l) => l.toLowerCase() === wanted.toLowerCase()) ?? wanted;
      clauses.push({ source: 'manual', manualSourceLabel: label });
    }
  }
  if (nonBlank(f.manualSourceLabel)) {
    clauses.push({ manualSourceLabel: f.manualSourceLabel.trim() });
    if (!nonBlank(f.source)) clauses.push({ source: 'manual' });
  }
  return clauses;
};

const dispositionClauses = (f: TicketFilters): Filter[] => [
  ...(nonBlank(f.category) ? [{ category: f.category }] : []),
  ...(nonBlank(f.subcategory) ? [{ subcategory: f.subcategory }] : []),
  ...(present(f.sentiments) ? [{ sentiment: { $in: distinct(f.sentiments) } }] : []),
];

const parentClauses = (f: TicketFilters): Filter[] => [
  ...(f.excludeChildTickets === true ? [{ parentTicketId: null }] : []),
  ...(nonBlank(f.parentTicketId) ? [{ parentTicketId: f.parentTicketId }] : []),
];

/**
 * Compiles the shared filters of spec 4.2.1 into one MongoDB filter and sort document, always
 * scoped to the caller's account. Pure: the same input gives the same documents.
 */
export const compileTicketQuery = (scope: TicketQueryScope, f: TicketFilters): E.Either<TicketFilterProblem, TicketQuery> => {
  const timestampKey = f.timestampKey ?? 'createdAt';
  const dates = dateClauses(f, timestampKey);
  if (E.isLeft(dates)) return dates;
  const phones = phoneClauses(f, scope);
  if (E.isLeft(phones)) return phones;
  const filter = allOf([
    { accountId: scope.accountId },
    ...statusClauses(f),
    ...dates.right,
    ...agentClauses(f),
    ...taskClauses(f),
    ...sourceClauses(f, scope),
    ...phones.right,
    ...orderNameClauses(f),
    ...ticketNumberClauses(f),
    ...dispositionClauses(f),
    ...parentClauses(f),
    ...searchClauses(f),
  ]);
  return E.right({ filter, sort: ticketSort(timestampKey, f.sortOrder ?? 'desc'), timestampKey });
};
