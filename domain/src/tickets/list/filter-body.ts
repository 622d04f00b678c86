import * as E from 'fp-ts/Either';
import { Account } from '../../config/account-config';
import { decodeRequest } from '../../shared/decode';
import { strictObject } from '../../shared/strict';
import { TicketCriteria } from './ticket-criteria';
import { ticketCriteria } from './ticket-criteria-from-filters';
import { TicketFilters, ticketFilterProps } from './ticket-filters';
import { ticketQueryScope } from './ticket-query-scope';

/** Known fields sent as null read as absent (many clients send every filter, the unset ones as null). */
export const withoutNullFields = (body: unknown, known: ReadonlySet<string>): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== null || !known.has(k)))
    : body;

/** The shared filters alone (docs/api/ticket-list.md, Filters), as a bulk update selects tickets by them. No other keys. */
const TicketFilterBody = strictObject('TicketFilterBody', {}, ticketFilterProps);
const FILTER_FIELDS: ReadonlySet<string> = new Set(Object.keys(ticketFilterProps));

/** A filter the caller must fix: 400 with this message (and the field when one is to blame). */
export interface InvalidTicketFilterBody {
  readonly message: string;
  readonly field?: string;
}

/** Decodes the shared filters and compiles them exactly as the list does: the same tickets match. */
export const decodeTicketFilters = (body: unknown, account: Account): E.Either<InvalidTicketFilterBody, { readonly filters: TicketFilters; readonly criteria: TicketCriteria }> => {
  const decoded = decodeRequest(TicketFilterBody, withoutNullFields(body, FILTER_FIELDS));
  if (E.isLeft(decoded)) return E.left({ message: decoded.left.message });
  const criteria = ticketCriteria(ticketQueryScope(account), decoded.right);
  if (E.isLeft(criteria)) return E.left({ message: criteria.left.message, field: criteria.left.field });
  return E.right({ filters: decoded.right, criteria: criteria.right });
};
