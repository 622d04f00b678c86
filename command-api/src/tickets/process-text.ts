import { TicketTextProcessor } from '@support/domain';

/** Summary and sentiment of a new ticket now; null when the processor fails (the ticket is made `pending` and the text job processes it). */
export const processTextNow = async (deps: { readonly textProcessor: TicketTextProcessor }, subject: string | null, query: string) => {
  try {
    return await deps.textProcessor.process({ subject, query });
  } catch {
    return null;
  }
};
