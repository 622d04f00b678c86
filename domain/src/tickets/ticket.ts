import { OPEN_TICKET_STATUSES, TicketCreatedData, TicketEvent, TicketSentiment } from './events';

/** A ticket folded from its stream `ticket-<ticketId>`. */
export interface TicketState extends TicketCreatedData {
  readonly updatedAt: string | null;
  /** The final task evaluation's objective values (empty without a task). */
  readonly objectives: Readonly<Record<string, unknown>>;
}

export type MaybeTicket = TicketState | null;

export const initialTicketState = (): MaybeTicket => null;

export const evolveTicket = (state: MaybeTicket, event: TicketEvent): MaybeTicket => {
  switch (event.type) {
    case 'TicketCreated':
      return { ...event.data, updatedAt: null, objectives: {} };
    case 'TaskEvaluated':
      if (state === null) return state;
      return { ...state, taskId: event.data.taskId, teamId: event.data.teamId, objectives: event.data.objectives };
    case 'TicketQueryProcessed':
      if (state === null) return state;
      return {
        ...state,
        summary: event.data.summary,
        sentiment: event.data.sentiment as TicketSentiment | null,
        textProcessing: 'done',
        updatedAt: event.data.processedAt,
      };
    default:
      return state;
  }
};

/** Open for the reuse rule of spec 3.2: not resolved, closed or stale. */
export const isOpenTicket = (ticket: TicketState): boolean => OPEN_TICKET_STATUSES.includes(ticket.status);
