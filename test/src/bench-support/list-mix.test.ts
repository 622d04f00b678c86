import { expect } from 'chai';
import { COMMON_FRAGMENT, listMix, RARE_FRAGMENTS } from '../bench/list-mix/list-mix';
import { deskData } from '../bench/support/desk-data';

const NOW = Date.parse('2026-11-27T10:30:00Z');
const desk = deskData({ tickets: 20_000, nowMs: NOW });
const customers = Array.from({ length: desk.customers }, (_, c) => desk.customer(c));
/** The customer's values a search looks in that the desk data sets (name, email, phone), lower case. */
const searched = customers.map((c) => `${c.name}\u001f${c.email}\u001f${c.phone}`.toLowerCase());
const share = (text: string) => searched.filter((s) => s.includes(text.toLowerCase())).length / customers.length;
const mix = new Map(listMix(desk, NOW));

describe('bench support: the list mix over the desk data', () => {
  it('given its bodies, then the seven of the speed issue and the four of issue 42, in that order', () => {
    expect([...mix.keys()]).to.deep.equal([
      'no filter', 'one status', 'search on a name fragment', 'one phone', 'ascending sort', 'last hour', 'page 3 of 250',
      'search on a common fragment', 'search on a rare fragment', 'search on an email fragment', 'last 90 days',
    ]);
  });

  it('given the common fragment, then it is the start of Kowalski and found in about 5 % of customers', () => {
    expect(COMMON_FRAGMENT).to.equal('Kowals');
    expect(share(COMMON_FRAGMENT)).to.be.within(0.04, 0.065);
  });

  it('given the rare fragments, then each is found in under 0.3 % of customers, and in none of the products or phrases', () => {
    expect(RARE_FRAGMENTS.length).to.be.at.least(50);
    const texts = Array.from({ length: 2_000 }, (_, i) => `${desk.ticket(i).subject} ${desk.ticket(i).query}`.toLowerCase());
    for (const f of RARE_FRAGMENTS) {
      expect(share(f), f).to.be.below(0.003);
      expect(texts.filter((t) => t.includes(f.toLowerCase())), f).to.have.length(0);
    }
  });

  it('given the name, phone and email bodies, then each names a customer of the desk and finds few', () => {
    for (let r = 0; r < 20; r++) {
      const name = String(mix.get('search on a name fragment')!(r).search);
      const email = String(mix.get('search on an email fragment')!(r).search);
      const phone = String(mix.get('one phone')!(r).phoneNumber);
      expect(share(name), name).to.be.above(0).and.below(0.01);
      expect(share(email), email).to.be.above(0).and.below(0.01);
      expect(customers.filter((c) => c.phone === phone), phone).to.have.length(1);
    }
  });

  it('given the date bodies, then the last hour holds few tickets and the last 90 days most', () => {
    const within = (body: Record<string, unknown>) => {
      const from = Date.parse(String(body.startDate));
      const to = body.endDate === undefined ? Infinity : Date.parse(String(body.endDate));
      let n = 0;
      for (let i = 0; i < desk.tickets; i++) if (desk.ticket(i).createdAtMs >= from && desk.ticket(i).createdAtMs <= to) n++;
      return n / desk.tickets;
    };
    expect(within(mix.get('last hour')!(0))).to.be.below(0.002);
    expect(within(mix.get('last 90 days')!(0))).to.be.within(0.55, 0.65);
  });
});
