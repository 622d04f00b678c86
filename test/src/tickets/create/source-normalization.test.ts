import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { BUILT_IN_SOURCES, normalizeSource } from '@support/domain';
import { FakeExternal, startFakeExternal } from './support/fake-external';
import { createTicket, freshPhone, useTicketService } from './support/ticket-service';

const LABELS = ['Walk-In', 'Phone Desk'];
const right = <A>(e: E.Either<string, A>): A => {
  if (E.isLeft(e)) throw new Error(`expected Right, got Left: ${e.left}`);
  return e.right;
};

describe('source normalization (docs/api/tickets.md, rule Source)', () => {
  it('rule 1: built-in values are kept as sources without a label', () => {
    for (const source of BUILT_IN_SOURCES.filter((s) => s !== 'manual')) {
      expect(right(normalizeSource(source, undefined, LABELS))).to.deep.equal({ source, manualSourceLabel: null });
    }
    expect(right(normalizeSource('LIVECHAT', undefined, LABELS))).to.deep.equal({ source: 'liveChat', manualSourceLabel: null });
  });

  it('rule 2: a configured label is matched case-insensitively and stored in its configured casing', () => {
    expect(right(normalizeSource('walk-in', undefined, LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Walk-In' });
    expect(right(normalizeSource('PHONE DESK', undefined, LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Phone Desk' });
  });

  it('rule 3: a label sent in source is stored as source manual with the label', () => {
    expect(right(normalizeSource('Walk-In', undefined, LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Walk-In' });
  });

  it('rule 4: any other non-empty source is stored as manual with the value kept as the label, even when not configured', () => {
    expect(right(normalizeSource('Trade Fair 2026', undefined, LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Trade Fair 2026' });
  });

  it('rule 5: source manual with manualSourceLabel is equivalent to sending the label as source', () => {
    expect(normalizeSource('manual', 'walk-in', LABELS)).to.deep.equal(normalizeSource('walk-in', undefined, LABELS));
    expect(right(normalizeSource('manual', 'Own Label', LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Own Label' });
    expect(right(normalizeSource(undefined, 'phone desk', LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Phone Desk' });
  });

  it('given no source, then the ticket is manual without a label', () => {
    expect(right(normalizeSource(undefined, undefined, LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: null });
    expect(right(normalizeSource('  ', '', LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: null });
  });

  it('given a label with a non-manual built-in source, or two different labels, then it is refused', () => {
    expect(E.isLeft(normalizeSource('email', 'Walk-In', LABELS))).to.equal(true);
    expect(E.isLeft(normalizeSource('Walk-In', 'Phone Desk', LABELS))).to.equal(true);
    expect(right(normalizeSource('Walk-In', 'walk-in', LABELS))).to.deep.equal({ source: 'manual', manualSourceLabel: 'Walk-In' });
  });

  describe('over HTTP', () => {
    const env = useTicketService();

    it('given a configured label in another casing as source, then the ticket is manual with the configured casing', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', source: 'phone desk' });
      expect(res.status).to.equal(200);
      expect(res.body.ticket).to.include({ source: 'manual', manualSourceLabel: 'Phone Desk' });
    });

    it('given a built-in source, then it is kept', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', source: 'voiceCall' });
      expect(res.body.ticket).to.include({ source: 'voiceCall', manualSourceLabel: null });
    });

    it('given an unconfigured source, then it is kept as the manual label', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', source: 'Pop-up Store' });
      expect(res.body.ticket).to.include({ source: 'manual', manualSourceLabel: 'Pop-up Store' });
    });

    it('given a manualSourceLabel with a non-manual source, then 400', async () => {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', source: 'email', manualSourceLabel: 'Walk-In' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.contain('manualSourceLabel');
    });
  });
});
