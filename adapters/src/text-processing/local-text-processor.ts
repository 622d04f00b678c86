import Sentiment from 'sentiment';
import { TicketSentiment, TicketTextProcessor } from '@support/domain';
import { cleanText, extractSummary } from './summary';

const analyzer = new Sentiment();

/** AFINN-165 score of the text (sentiment package): above 0 positive, below 0 negative, 0 neutral. */
export const afinnSentiment = (text: string): TicketSentiment => {
  const { score } = analyzer.analyze(text);
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
};

/**
 * The local, deterministic text processor: an extractive summary (subject + the query's first
 * sentence, bounded) and an AFINN sentiment of subject and query together. No network, no model:
 * the same text always gives the same answer. A language-model processor can replace it behind
 * the TicketTextProcessor port.
 */
export const localTicketTextProcessor = (): TicketTextProcessor => ({
  name: 'local-afinn',
  process: async ({ subject, query }) => ({
    summary: extractSummary(subject, query),
    sentiment: afinnSentiment(cleanText(`${subject ?? ''}. ${query}`)),
  }),
});
