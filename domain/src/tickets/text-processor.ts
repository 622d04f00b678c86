import { TicketSentiment } from './events';

interface TicketText {
  readonly subject: string | null;
  readonly query: string;
}

export interface ProcessedTicketText {
  readonly summary: string | null;
  readonly sentiment: TicketSentiment;
}

/**
 * Processing of a ticket's subject and query (docs/api/tickets.md fastResponse): a short summary and a
 * sentiment. The service ships a local, deterministic processor; a language-model provider can be
 * plugged in behind the same port.
 */
export interface TicketTextProcessor {
  /** Recorded in TicketQueryProcessed.processor. */
  readonly name: string;
  process(text: TicketText): Promise<ProcessedTicketText>;
}
