import { RecordedEvent, ticketStream } from '@support/domain';
import { EventFeedQuery } from './event-feed-query';

const namesTicket = (e: RecordedEvent, ticketIds: readonly string[]): boolean => {
  const data = e.data as { ticketId?: unknown } | null;
  return ticketIds.some((id) => e.streamName === ticketStream(id) || (typeof data === 'object' && data !== null && data.ticketId === id));
};

/** Does an event answer the query? (streams or prefixes or tickets) and types and account. */
export const eventMatcher = (query: EventFeedQuery) => (e: RecordedEvent): boolean => {
  const where = query.streams.length + query.prefixes.length + query.ticketIds.length > 0;
  if (where && !(query.streams.includes(e.streamName) || query.prefixes.some((p) => e.streamName.startsWith(p)) || namesTicket(e, query.ticketIds))) return false;
  if (query.types.length > 0 && !query.types.includes(e.type)) return false;
  return query.accountId === undefined || e.metadata.accountId === query.accountId;
};
