import type { RecordedEvent } from '../../ports/event-store';
import type { TicketEvent } from '../events';
import type { TicketState } from '../ticket';
import type { SplitInteractions } from './split-events';

/** The interactions `ids` name on the ticket, by kind, or the first id that names none of its emails, calls or chats. */
export const interactionsOf = (t: TicketState, ids: readonly string[]): { readonly found: SplitInteractions } | { readonly unknown: string } => {
  const found = { emailMessageIds: [] as string[], callIds: [] as string[], chatSessionIds: [] as string[] };
  for (const id of ids) {
    if (t.emailMessageIds.includes(id)) found.emailMessageIds.push(id);
    else if (t.calls[id] !== undefined) found.callIds.push(id);
    else if (t.chatSessionIds.includes(id)) found.chatSessionIds.push(id);
    else return { unknown: id };
  }
  return { found };
};

/** The interaction of an event of the ticket's stream (its email, call or chat id), or null for other events. */
const interactionOf = (e: Pick<RecordedEvent, 'type' | 'data'>): string | null => {
  const d = e.data as { messageId?: string; callId?: string; sessionId?: string };
  switch (e.type) {
    case 'EmailMessageRecorded':
      return d.messageId ?? null;
    case 'CallRecorded':
    case 'CallEnded':
    case 'CallEvaluated':
      return d.callId ?? null;
    case 'ChatSessionRecorded':
      return d.sessionId ?? null;
    default:
      return null;
  }
};

/** The events that recorded these interactions on the ticket split, recorded again on the new ticket (in their order). */
export const movedInteractionEvents = (
  events: readonly Pick<RecordedEvent, 'type' | 'data'>[], moved: SplitInteractions, newTicketId: string,
): TicketEvent[] => {
  const ids = new Set([...moved.emailMessageIds, ...moved.callIds, ...moved.chatSessionIds]);
  return events
    .filter((e) => { const id = interactionOf(e); return id !== null && ids.has(id); })
    .map((e) => ({ type: e.type, data: { ...(e.data as object), ticketId: newTicketId } }) as TicketEvent);
};

/**
 * The split these very interactions already went to (the ticket's TicketSplit that took exactly
 * them), or null: a request sent again after its process died between the two streams' writes
 * finds it, and makes the new ticket it names.
 */
export const earlierSplitOf = (
  events: readonly Pick<RecordedEvent, 'type' | 'data'>[], ids: readonly string[],
): { readonly newTicketId: string; readonly moved: SplitInteractions; readonly at: string } | null => {
  const wanted = new Set(ids);
  for (const e of events) {
    if (e.type !== 'TicketSplit') continue;
    const d = e.data as SplitInteractions & { newTicketId: string; at: string };
    const took = [...d.emailMessageIds, ...d.callIds, ...d.chatSessionIds];
    if (took.length === wanted.size && took.every((id) => wanted.has(id))) {
      return { newTicketId: d.newTicketId, moved: { emailMessageIds: d.emailMessageIds, callIds: d.callIds, chatSessionIds: d.chatSessionIds }, at: d.at };
    }
  }
  return null;
};
