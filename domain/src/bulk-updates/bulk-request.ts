import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { Account } from '../config/account-config';
import { decodeRequest } from '../shared/decode';
import { strictObject } from '../shared/strict';
import { Id } from '../tickets/lifecycle/requests';
import { decodeTicketFilters } from '../tickets/list/filter-body';
import { TicketCriteria } from '../tickets/list/ticket-criteria';
import { TicketFilters } from '../tickets/list/ticket-filters';
import { MAX_BULK_FILTER_MATCHES, MAX_BULK_TICKET_IDS } from './streams';

/** The changes a bulk update makes, each named after the single-ticket route that makes it (its body as that route takes it). */
export const BULK_CHANGES = ['assign', 'unassign', 'status', 'disposition'] as const;
export type BulkChangeName = (typeof BULK_CHANGES)[number];

const Changes = strictObject('BulkChanges', {}, { assign: t.unknown, unassign: t.unknown, status: t.unknown, disposition: t.unknown });

/** Body of POST /apis/tickets/bulk (docs/api/bulk-updates.md): ticketIds or filter, and changes. No other keys. */
const BulkUpdateBody = strictObject('BulkUpdateBody', { changes: Changes }, {
  ticketIds: t.array(Id, 'an array of ticket ids'),
  filter: t.UnknownRecord,
});

/** The tickets of a bulk update: named, or the list's filter. */
export type BulkSelection =
  | { readonly kind: 'ids'; readonly ticketIds: readonly string[] }
  | { readonly kind: 'filter'; readonly filters: TicketFilters; readonly criteria: TicketCriteria };

export interface ValidBulkUpdateRequest {
  readonly selection: BulkSelection;
  /** Each change's body, in the order the request wrote them (the order they are applied). */
  readonly changes: readonly (readonly [BulkChangeName, unknown])[];
}

/** A bulk update the caller must fix: 400 with this message. */
export interface InvalidBulkUpdateRequest {
  readonly kind: 'InvalidBulkUpdateRequest';
  readonly message: string;
  readonly field?: string;
}

const invalid = (message: string, field?: string): E.Either<InvalidBulkUpdateRequest, never> =>
  E.left({ kind: 'InvalidBulkUpdateRequest', message, ...(field !== undefined ? { field } : {}) });

const selection = (body: { readonly ticketIds?: readonly string[]; readonly filter?: Record<string, unknown> }, account: Account): E.Either<InvalidBulkUpdateRequest, BulkSelection> => {
  if ((body.ticketIds === undefined) === (body.filter === undefined)) {
    return invalid(`Send either ticketIds (1 to ${MAX_BULK_TICKET_IDS} ticket ids) or filter (the ticket list's filters, at most ${MAX_BULK_FILTER_MATCHES.toLocaleString('en-US')} matches), not both and not neither`);
  }
  if (body.ticketIds !== undefined) {
    const ids = [...new Set(body.ticketIds)];
    if (ids.length === 0) return invalid(`ticketIds must name at least one ticket (1 to ${MAX_BULK_TICKET_IDS})`, 'ticketIds');
    if (ids.length > MAX_BULK_TICKET_IDS) {
      return invalid(`ticketIds names ${ids.length} tickets; a bulk update by ids takes at most ${MAX_BULK_TICKET_IDS}: send several requests, or select the tickets with filter`, 'ticketIds');
    }
    return E.right({ kind: 'ids', ticketIds: ids });
  }
  const filters = decodeTicketFilters(body.filter, account);
  if (E.isLeft(filters)) return invalid(`filter: ${filters.left.message}`, filters.left.field === undefined ? 'filter' : `filter.${filters.left.field}`);
  return E.right({ kind: 'filter', ...filters.right });
};

/**
 * Decodes a bulk update (docs/api/bulk-updates.md, Start): unknown keys and wrong types, ticketIds
 * (1 to 100, repeats counted once) or filter (the list's filters, compiled as the list compiles
 * them), and at least one change, assign and unassign not together. Each change's own body is
 * checked by its single-ticket route's codec when its command is made (the command API).
 */
export const validateBulkUpdateRequest = (body: unknown, account: Account): E.Either<InvalidBulkUpdateRequest, ValidBulkUpdateRequest> => {
  const decoded = decodeRequest(BulkUpdateBody, body === undefined ? {} : body);
  if (E.isLeft(decoded)) return invalid(decoded.left.message);
  const selected = selection(decoded.right, account);
  if (E.isLeft(selected)) return selected;
  const raw = (body as { changes: Record<string, unknown> }).changes;
  const changes = Object.keys(raw).filter((k): k is BulkChangeName => (BULK_CHANGES as readonly string[]).includes(k)).map((k) => [k, raw[k]] as const);
  if (changes.length === 0) return invalid(`changes must hold at least one of ${BULK_CHANGES.map((c) => `"${c}"`).join(', ')}`, 'changes');
  if (raw.assign !== undefined && raw.unassign !== undefined) return invalid('changes may hold "assign" or "unassign", not both', 'changes');
  return E.right({ selection: selected.right, changes });
};
