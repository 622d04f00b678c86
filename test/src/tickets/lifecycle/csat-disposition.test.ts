import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, listIds, newTicket, work } from './support';

describe('working tickets: CSAT, dispositions and sentiments (agent workspace)', () => {
  const env = useTicketService();

  it('given a CSAT sent and then submitted, then the ticket carries the rating, comment and both times (list item csat too)', async () => {
    const ticketId = await newTicket(env.svc);
    expect((await work(env.svc, ticketId, 'csat', { event: 'sent', at: '2027-02-01T10:00:00Z' })).body.events).to.deep.equal(['CsatSent']);
    expect((await work(env.svc, ticketId, 'csat', { event: 'sent', at: '2027-02-01T10:00:00Z' })).body.changed).to.equal(false);
    const submitted = await work(env.svc, ticketId, 'csat', { event: 'submitted', rating: 4, comment: 'Quick help', at: '2027-02-01T12:00:00Z' });
    expect(submitted.body.events).to.deep.equal(['CsatSubmitted']);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got).to.deep.include({ csat: { rating: 4, comment: 'Quick help' }, csatStatus: 'submitted', csatSentAt: '2027-02-01T10:00:00.000Z', csatSubmittedAt: '2027-02-01T12:00:00.000Z' });
    const list = await env.svc.api('POST', '/apis/task-runs/tickets/list', { token: 'acme-admin-token-0001', body: { limit: 250 } });
    expect(list.body.data.find((t: { id: string }) => t.id === ticketId).csat).to.deep.equal({ rating: 4, comment: 'Quick help' });
  });

  it('refuses a submission without a rating or with a rating outside 1-5, and a rating on "sent"', async () => {
    const ticketId = await newTicket(env.svc);
    for (const body of [{ event: 'submitted', at: '2027-02-01T12:00:00Z' }, { event: 'submitted', rating: 6, at: '2027-02-01T12:00:00Z' }, { event: 'submitted', rating: 2.5, at: '2027-02-01T12:00:00Z' }, { event: 'sent', rating: 3, at: '2027-02-01T12:00:00Z' }]) {
      const r = await work(env.svc, ticketId, 'csat', body);
      expect(r.status, JSON.stringify(body)).to.equal(400);
      expect(r.body.field).to.equal('rating');
    }
  });

  it('given a disposition, then category, subcategory and the active fields are set and the category filters find it', async () => {
    const ticketId = await newTicket(env.svc);
    const r = await work(env.svc, ticketId, 'disposition', { category: 'Refunds', subcategory: 'Damaged in transit', fields: { 'refund reason': 'Broken handle' } });
    expect(r.status).to.equal(200);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got).to.deep.include({ category: 'Refunds', subcategory: 'Damaged in transit', dispositions: { 'Refund Reason': 'Broken handle' } });
    expect(await listIds(env.svc, { category: 'Refunds' })).to.include(ticketId);
    expect(await listIds(env.svc, { category: 'Refunds', subcategory: 'Damaged in transit' })).to.include(ticketId);
    expect(await listIds(env.svc, { subcategory: 'Other' })).not.to.include(ticketId);
    const same = await work(env.svc, ticketId, 'disposition', { category: 'Refunds' });
    expect(same.body.changed).to.equal(false);
  });

  it('refuses an unknown or inactive disposition field (400 naming it) and an empty disposition', async () => {
    const ticketId = await newTicket(env.svc);
    const unknown = await work(env.svc, ticketId, 'disposition', { fields: { Colour: 'red' } });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.match(/Disposition field "Colour" is not configured/);
    const inactive = await work(env.svc, ticketId, 'disposition', { fields: { 'Legacy Code': 'L1' } });
    expect(inactive.status).to.equal(400);
    expect(inactive.body.message).to.match(/Disposition field "Legacy Code" is inactive/);
    expect((await work(env.svc, ticketId, 'disposition', {})).status).to.equal(400);
  });

  it('given sentiments added by an agent, then the list filters by the latest and the ticket keeps them all', async () => {
    const ticketId = await newTicket(env.svc, { fastResponse: false });
    await work(env.svc, ticketId, 'sentiments', { sentiment: 'negative' });
    await work(env.svc, ticketId, 'sentiments', { sentiment: 'positive' });
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.sentiment).to.equal('positive');
    expect(got.sentiments.slice(-2)).to.deep.equal(['negative', 'positive']);
    expect(await listIds(env.svc, { sentiments: ['positive'] })).to.include(ticketId);
    expect(await listIds(env.svc, { sentiments: ['negative'] })).not.to.include(ticketId);
  });
});
