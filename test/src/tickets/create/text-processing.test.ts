import { expect } from 'chai';
import { afinnSentiment, extractSummary, localTicketTextProcessor, MAX_SUMMARY_LENGTH } from '@support/adapters';
import { TOKENS } from '../../support/example-config';
import { FakeExternal, startFakeExternal } from './support/fake-external';
import { createTicket, freshPhone, ticketEvents, useTicketService, waitFor } from './support/ticket-service';

describe('processing of subject and query: summary and sentiment', () => {
  describe('the local processor', () => {
    it('given subject and query, then the summary is the subject and the first sentence of the query, greeting dropped', () => {
      expect(extractSummary('Refund', 'Hi team, where is my refund? I sent the parcel back last week.')).to.equal('Refund: where is my refund?');
      expect(extractSummary(null, '  My   order #12 never arrived.  Please check.')).to.equal('My order #12 never arrived.');
      expect(extractSummary('Late delivery', '')).to.equal('Late delivery');
      expect(extractSummary(null, '   ')).to.equal(null);
    });

    it('given a long text, then the summary is bounded at a word boundary', () => {
      const summary = extractSummary(null, `${'word '.repeat(100)}end.`) as string;
      expect(summary.length).to.be.at.most(MAX_SUMMARY_LENGTH);
      expect(summary.endsWith('…')).to.equal(true);
    });

    it('given texts, then the AFINN sentiment is positive, neutral or negative, the same every time', () => {
      expect(afinnSentiment('Thank you, the support was great and helpful')).to.equal('positive');
      expect(afinnSentiment('The parcel arrived broken and I am angry')).to.equal('negative');
      expect(afinnSentiment('Where is order 1001')).to.equal('neutral');
      expect(afinnSentiment('The parcel arrived broken and I am angry')).to.equal(afinnSentiment('The parcel arrived broken and I am angry'));
    });

    it('given the port, then it answers both with its name', async () => {
      const p = localTicketTextProcessor();
      expect(p.name).to.equal('local-afinn');
      expect(await p.process({ subject: 'Broken mug', query: 'It is terrible.' })).to.deep.equal({ summary: 'Broken mug: It is terrible.', sentiment: 'negative' });
    });
  });

  describe('over HTTP', () => {
    const env = useTicketService();

    it('given fastResponse false (default), then summary and sentiment are in the ticket before the answer', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Broken mug', query: 'The mug arrived broken. Awful packaging.' });
      expect(res.body.ticket).to.include({ summary: 'Broken mug: The mug arrived broken.', sentiment: 'negative', textProcessing: 'done' });
      const events = await ticketEvents(env.svc, res.body.ticketId);
      expect(events.map((e) => e.type)).to.deep.equal(['TicketCreated']);
      expect(events[0].data).to.include({ summary: 'Broken mug: The mug arrived broken.', sentiment: 'negative' });
    });

    it('given fastResponse true, then the answer comes without summary, and TicketQueryProcessed brings it shortly after (also to the list)', async () => {
      // when
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, subject: 'Thanks', query: 'Great service, thank you so much!', fastResponse: true });
      // then
      expect(res.status).to.equal(200);
      expect(res.body.ticket).to.include({ summary: null, sentiment: null, textProcessing: 'pending' });
      const processed = await waitFor(async () => (await ticketEvents(env.svc, res.body.ticketId)).find((e) => e.type === 'TicketQueryProcessed'));
      expect(processed.data).to.include({ ticketId: res.body.ticketId, summary: 'Thanks: Great service, thank you so much!', sentiment: 'positive', processor: 'local-afinn' });
      expect(processed.metadata).to.include({ userId: 'worker:ticket-text' });
      const listed = await waitFor(async () => {
        const list = await env.svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 250 } });
        const item = (list.body.data as { id: string; summary: string | null }[]).find((t) => t.id === res.body.ticketId);
        return item?.summary ? item : undefined;
      });
      expect(listed.summary).to.equal('Thanks: Great service, thank you so much!');
    });
  });
});
