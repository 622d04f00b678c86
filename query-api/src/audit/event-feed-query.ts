import * as E from 'fp-ts/Either';
import { Position, positionFromString } from '@support/domain';

/**
 * What an auditor asks of the log. Within a kind the values are alternatives (this stream or that
 * one); kinds narrow each other: (streams or prefixes or tickets) and types and account.
 */
export interface EventFeedQuery {
  /** Exact stream names. */
  readonly streams: readonly string[];
  /** Stream name prefixes (e.g. "customer-"). */
  readonly prefixes: readonly string[];
  /** Ticket ids: the ticket's stream and every event whose data names the ticket (its number, its open-ticket slot...). */
  readonly ticketIds: readonly string[];
  /** Event types (e.g. "TicketCreated"). */
  readonly types: readonly string[];
  /** Only events of this account (metadata.accountId). */
  readonly accountId?: string;
  /** Exclusive: only events after this global position (the `position` of a printed line). */
  readonly after?: Position;
  /** After the stored events, keep going with new ones as they are appended. */
  readonly follow: boolean;
}

export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

const LISTS = { stream: 'streams', prefix: 'prefixes', ticket: 'ticketIds', type: 'types' } as const;
const ACCEPTED = [...Object.keys(LISTS), 'account', 'from', 'follow'];
const POSITION = /^\d{1,20}(\/\d{1,20})?$/;

/** Every value of a parameter given once, several times, or comma-separated. */
const values = (raw: string | readonly string[] | undefined): string[] =>
  (raw === undefined ? [] : typeof raw === 'string' ? [raw] : [...raw]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');

const single = (query: RawQuery, key: string): E.Either<string, string | undefined> => {
  const all = values(query[key]);
  return all.length > 1 ? E.left(`${key} may be given once`) : E.right(all[0]);
};

/** The query of `GET /admin/events` (also the CLI's options): 400 text on the left. */
export const parseEventFeedQuery = (query: RawQuery): E.Either<string, EventFeedQuery> => {
  const unknown = Object.keys(query).filter((k) => !ACCEPTED.includes(k));
  if (unknown.length > 0) return E.left(`Unknown parameter "${unknown[0]}": accepted are ${ACCEPTED.join(', ')}`);
  const account = single(query, 'account');
  const from = single(query, 'from');
  if (E.isLeft(account)) return account;
  if (E.isLeft(from)) return from;
  if (from.right !== undefined && !POSITION.test(from.right)) return E.left(`from must be a position as printed in each line ("<commit>/<prepare>" or "<commit>"), got "${from.right}"`);
  const followValues = (typeof query.follow === 'string' ? [query.follow] : [...(query.follow ?? [])]).map((v) => v.trim().toLowerCase());
  if (followValues.length > 1) return E.left('follow may be given once');
  const follow = followValues[0] ?? 'false';
  if (!['', 'true', '1', 'false', '0'].includes(follow)) return E.left('follow must be true or false');
  return E.right({
    streams: values(query.stream),
    prefixes: values(query.prefix),
    ticketIds: values(query.ticket),
    types: values(query.type),
    ...(account.right !== undefined ? { accountId: account.right } : {}),
    ...(from.right !== undefined ? { after: positionFromString(from.right) } : {}),
    follow: ['', 'true', '1'].includes(follow),
  });
};
