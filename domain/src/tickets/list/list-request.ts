import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { decodeRequest } from '../../shared/decode';
import { strictObject } from '../../shared/strict';
import { WholeNumber } from '../../shared/whole-number';
import { TicketFilters, ticketFilterProps } from './ticket-filters';
import { withoutNullFields } from './filter-body';

const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 250;


/** Body of POST /apis/task-runs/tickets/list (docs/api/ticket-list.md): the shared filters plus page and limit. No other keys. */
const TicketListBody = strictObject('TicketListBody', {}, { ...ticketFilterProps, page: WholeNumber, limit: WholeNumber });

interface TicketListRequest {
  readonly filters: TicketFilters;
  readonly page: number;
  readonly limit: number;
}

/** A list request the caller must fix: 400 with this message. */
interface InvalidListRequest {
  readonly kind: 'InvalidListRequest';
  readonly message: string;
}

const invalid = (message: string): E.Either<InvalidListRequest, never> => E.left({ kind: 'InvalidListRequest', message });

const KNOWN_FIELDS = new Set([...Object.keys(ticketFilterProps), 'page', 'limit']);

const withoutNulls = (body: unknown): unknown => withoutNullFields(body, KNOWN_FIELDS);

/** Decodes the (optional) body: absent means every default. */
export const decodeTicketListRequest = (body: unknown): E.Either<InvalidListRequest, TicketListRequest> => {
  const decoded = decodeRequest(TicketListBody, body === undefined ? {} : withoutNulls(body));
  if (E.isLeft(decoded)) return invalid(decoded.left.message);
  const { page = DEFAULT_PAGE, limit = DEFAULT_LIMIT, ...filters } = decoded.right;
  if (limit > MAX_LIMIT) return invalid(`Limit cannot be greater than ${MAX_LIMIT}`);
  if (limit < 1) return invalid(`limit must be at least 1 (1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT})`);
  if (page < 1) return invalid('page must be at least 1 (pages are numbered from 1)');
  return E.right({ filters, page, limit });
};
