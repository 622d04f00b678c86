import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { decodeRequest } from '../shared/decode';
import { withQueryNumbers } from '../shared/query-numbers';
import { strictObject } from '../shared/strict';
import { WholeNumber } from '../shared/whole-number';
import { BulkOutcomeKind } from './bulk-events';

export const BULK_OUTCOMES_DEFAULT_LIMIT = 100;
export const BULK_OUTCOMES_MAX_LIMIT = 1_000;

/** Query of GET /apis/tickets/bulk/{jobId}: which page of the tickets' outcomes, optionally of one kind. No other parameters. */
const BulkStatusQuery = strictObject('BulkStatusQuery', {}, {
  outcome: t.keyof({ changed: null, unchanged: null, refused: null }, '"changed", "unchanged" or "refused"'),
  page: WholeNumber,
  limit: WholeNumber,
});

export interface BulkStatusRequest {
  readonly outcome: BulkOutcomeKind | null;
  readonly page: number;
  readonly limit: number;
}

/** A status request the caller must fix: 400 with this message, naming the field. */
export interface InvalidBulkStatusRequest {
  readonly message: string;
  readonly field?: string;
}

const NUMERIC = new Set(['page', 'limit']);

export const decodeBulkStatusRequest = (query: Readonly<Record<string, unknown>>): E.Either<InvalidBulkStatusRequest, BulkStatusRequest> => {
  const decoded = decodeRequest(BulkStatusQuery, withQueryNumbers(query, NUMERIC));
  if (E.isLeft(decoded)) return E.left({ message: decoded.left.message });
  const { outcome, page = 1, limit = BULK_OUTCOMES_DEFAULT_LIMIT } = decoded.right;
  if (limit < 1 || limit > BULK_OUTCOMES_MAX_LIMIT) return E.left({ field: 'limit', message: `limit must be 1 to ${BULK_OUTCOMES_MAX_LIMIT} (default ${BULK_OUTCOMES_DEFAULT_LIMIT})` });
  if (page < 1) return E.left({ field: 'page', message: 'page must be at least 1 (pages are numbered from 1)' });
  return E.right({ outcome: outcome ?? null, page, limit });
};
