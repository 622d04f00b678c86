import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { decodeRequest } from '../shared/decode';
import { strictObject } from '../shared/strict';
import { WholeNumber } from '../shared/whole-number';
import { withQueryNumbers } from '../shared/query-numbers';
import { SlaStanding } from './sla-standing';

export const SLA_QUEUE_DEFAULT_LIMIT = 50;
export const SLA_QUEUE_MAX_LIMIT = 250;


/** Query of GET /apis/sla/queue: which standing, how soon, which page. No other parameters. */
export const SlaQueueQuery = strictObject('SlaQueueQuery', {}, {
  state: t.keyof({ pending: null, breached: null, met: null }),
  dueWithinMinutes: WholeNumber,
  page: WholeNumber,
  limit: WholeNumber,
});

export interface SlaQueueRequest {
  readonly state: SlaStanding;
  /** With `pending`: only tickets whose next due moment comes within this many minutes (overdue ones included). */
  readonly dueWithinMinutes: number | null;
  readonly page: number;
  readonly limit: number;
}

/** A queue request the caller must fix: 400 with this message, naming the field when one is at fault. */
export interface InvalidSlaQueueRequest {
  readonly kind: 'InvalidSlaQueueRequest';
  readonly message: string;
  readonly field?: string;
}

const invalid = (field: string, message: string): E.Either<InvalidSlaQueueRequest, never> => E.left({ kind: 'InvalidSlaQueueRequest', field, message: `${field} ${message}` });

const NUMERIC = new Set(['dueWithinMinutes', 'page', 'limit']);


/** Decodes the query: no parameter means the tickets waiting, soonest due first, page 1 of 50. */
export const decodeSlaQueueRequest = (query: Readonly<Record<string, unknown>>): E.Either<InvalidSlaQueueRequest, SlaQueueRequest> => {
  const decoded = decodeRequest(SlaQueueQuery, withQueryNumbers(query, NUMERIC));
  if (E.isLeft(decoded)) return E.left({ kind: 'InvalidSlaQueueRequest', message: decoded.left.message });
  const { state = 'pending', dueWithinMinutes, page = 1, limit = SLA_QUEUE_DEFAULT_LIMIT } = decoded.right;
  if (dueWithinMinutes !== undefined && state !== 'pending') return invalid('dueWithinMinutes', `is for state "pending" only (the tickets still waiting for a metric): remove it, or ask for state "pending"`);
  if (dueWithinMinutes !== undefined && dueWithinMinutes < 1) return invalid('dueWithinMinutes', 'must be at least 1 (minutes from now)');
  if (limit < 1 || limit > SLA_QUEUE_MAX_LIMIT) return invalid('limit', `must be 1 to ${SLA_QUEUE_MAX_LIMIT} (default ${SLA_QUEUE_DEFAULT_LIMIT})`);
  if (page < 1) return invalid('page', 'must be at least 1 (pages are numbered from 1)');
  return E.right({ state, dueWithinMinutes: dueWithinMinutes ?? null, page, limit });
};
