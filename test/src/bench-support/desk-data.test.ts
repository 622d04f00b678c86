import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { normalizeEmail, normalizePhone } from '@support/domain';
import { asciiFold, deskData, deskShapes, LIFECYCLES, SURNAMES } from '../bench/support/desk-data';

const NOW = Date.parse('2026-11-27T10:30:00Z');
const DAY = 86_400_000;
const desk = deskData({ tickets: 20_000, nowMs: NOW });
const shapes = deskShapes(desk);
const customers = Array.from({ length: desk.customers }, (_, c) => desk.customer(c));
const tickets = Array.from({ length: desk.tickets }, (_, i) => desk.ticket(i));

describe('bench support: the desk data (benchmark data shaped like a real desk)', () => {
  it('given the same options, then the same data; given another seed, other data', () => {
    const again = deskData({ tickets: 20_000, nowMs: NOW });
    const other = deskData({ tickets: 20_000, nowMs: NOW, seed: 7 });
    for (const i of [0, 1, 777, 19_999]) expect(again.ticket(i)).to.deep.equal(desk.ticket(i));
    for (const c of [0, 1, 500]) expect(again.customer(c)).to.deep.equal(desk.customer(c));
    expect([0, 1, 2, 3].map((c) => other.customer(c).name)).to.not.deep.equal([0, 1, 2, 3].map((c) => desk.customer(c).name));
  });

  it('given its surnames, then a few hundred in the pool, the most common (Kowalski) held by about 5 % of customers, a few by 1-5 %, most by under 0.2 %, some not ASCII', () => {
    expect(SURNAMES.length).to.be.at.least(300);
    expect(new Set(SURNAMES.map(([s]) => s)).size).to.equal(SURNAMES.length);
    for (const name of ['Kowalski', 'Müller', 'Nguyễn', 'García']) expect(SURNAMES.map(([s]) => s)).to.include(name);
    const [top, share] = shapes.surnames[0];
    expect(top).to.equal('Kowalski');
    expect(share).to.be.within(0.04, 0.065);
    const common = shapes.surnames.filter(([, x]) => x >= 0.01 && x <= 0.05).length;
    expect(common).to.be.within(5, 25);
    expect(shapes.surnames.filter(([, x]) => x < 0.002).length).to.be.above(SURNAMES.length / 2);
    expect(customers.filter((c) => /[^\x20-\x7e]/.test(c.name)).length / customers.length).to.be.above(0.1);
  });

  it('given its customers, then each has a phone valid in E.164 and an email made of their name, both unique, of many countries and domains', () => {
    const phones = new Set<string>();
    const emails = new Set<string>();
    const countries = new Set<string>();
    const domains = new Map<string, number>();
    for (const c of customers) {
      const phone = normalizePhone(c.phone);
      expect(phone, `${c.name}'s phone ${c.phone}`).to.deep.equal(E.right(c.phone));
      expect(normalizeEmail(c.email), `${c.name}'s email`).to.deep.equal(E.right(c.email));
      expect(c.email).to.match(/^[a-z0-9._]+@[a-z0-9.-]+\.[a-z]{2,}$/);
      const local = c.email.split('@')[0];
      expect(local.includes(asciiFold(c.lastName)) || local.includes(asciiFold(c.firstName)), `${c.email} of ${c.name}`).to.equal(true);
      phones.add(c.phone);
      emails.add(c.email);
      countries.add(c.country);
      const domain = c.email.split('@')[1];
      domains.set(domain, (domains.get(domain) ?? 0) + 1);
    }
    expect(phones.size).to.equal(customers.length);
    expect(emails.size).to.equal(customers.length);
    expect(countries.size).to.be.at.least(15);
    expect(domains.size).to.be.at.least(30);
    expect((domains.get('gmail.com') ?? 0) / customers.length).to.be.within(0.3, 0.5);
  });

  it('given its tickets, then most customers write once, repeat customers several times (skewed: a few very often)', () => {
    const t = shapes.ticketsPerCustomer;
    expect(t.mean).to.be.within(2.4, 3.4);
    expect(t.median).to.equal(1);
    expect(t.once).to.be.within(0.55, 0.67);
    expect(t.fiveOrMore).to.be.within(0.08, 0.18);
    expect(t.max).to.be.at.least(30);
    expect(shapes.fromRepeatCustomers).to.be.above(0.6);
    expect(customers.reduce((n, c) => n + desk.ticketsOf(c.index), 0)).to.equal(desk.tickets);
    // Numbered in first-ticket order: customer 0 wrote ticket 0, and each customer's first ticket comes after the one before's.
    let seen = 0;
    for (let i = 0; i < desk.tickets; i++) {
      const c = desk.customerOf(i);
      expect(c).to.be.at.most(seen);
      if (c === seen) seen++;
    }
    expect(seen).to.equal(desk.customers);
  });

  it('given its times, then in ticket order over the last 180 days: a day holds under 1.5 %, the last 90 days most, weekdays and working hours more', () => {
    for (let i = 1; i < tickets.length; i++) expect(tickets[i].createdAtMs).to.be.at.least(tickets[i - 1].createdAtMs);
    expect(tickets[0].createdAtMs).to.be.at.least(NOW - 180 * DAY);
    expect(tickets[tickets.length - 1].createdAtMs).to.be.at.most(NOW);
    expect(shapes.lastDay).to.be.below(0.015);
    expect(shapes.last90Days).to.be.within(0.55, 0.65);
    const count = (f: (d: Date) => boolean) => tickets.filter((t) => f(new Date(t.createdAtMs))).length;
    expect(count((d) => d.getUTCDay() === 1)).to.be.above(2 * count((d) => d.getUTCDay() === 0));
    expect(count((d) => d.getUTCHours() === 10)).to.be.above(5 * count((d) => d.getUTCHours() === 3));
  });

  it('given its texts, then subjects and queries differ, composed of products and orders (#S- and 6 digits)', () => {
    expect(shapes.distinctSubjects).to.be.above(desk.tickets / 5);
    expect(new Set(tickets.map((t) => t.query)).size).to.be.above(desk.tickets / 2);
    expect(shapes.withOrder).to.be.within(0.6, 0.95);
    for (const t of tickets) if (t.orderName !== null) expect(t.orderName).to.match(/^#S-\d{6}$/);
    expect(tickets.filter((t) => t.subject.includes(t.product) || t.query.includes(t.product)).length / desk.tickets).to.be.above(0.4);
  });

  it('given its lifecycles, then every status, old tickets mostly resolved or closed, new ones mostly open or assigned, every command before now', () => {
    for (const l of LIFECYCLES) expect(shapes.lifecycles[l], l).to.be.above(0.03);
    const old = tickets.filter((t) => t.createdAtMs < NOW - 30 * DAY);
    const young = tickets.filter((t) => t.createdAtMs > NOW - DAY / 4);
    expect(old.filter((t) => t.lifecycle === 'closed' || t.lifecycle === 'resolved').length / old.length).to.be.above(0.7);
    expect(young.filter((t) => t.lifecycle === 'open' || t.lifecycle === 'assigned').length / young.length).to.be.above(0.5);
    expect(young.filter((t) => t.lifecycle === 'closed')).to.have.length(0);
    for (const t of tickets) {
      expect(t.agent === null).to.equal(t.lifecycle === 'open');
      expect([...t.stepsMs].sort((a, b) => a - b)).to.deep.equal(t.stepsMs);
      if (t.stepsMs.length > 0) expect(t.createdAtMs + t.stepsMs[t.stepsMs.length - 1]).to.be.at.most(NOW);
    }
  });

  it('given its agents, then 30 of them, the busiest with several times the tickets of the least busy', () => {
    expect(desk.agents).to.have.length(30);
    expect(new Set(desk.agents.map((a) => a.id)).size).to.equal(30);
    expect(shapes.busiestAgent).to.be.within(0.05, 0.11);
    expect(shapes.leastBusyAgent).to.be.within(0.01, 0.03);
    expect(shapes.busiestAgent / shapes.leastBusyAgent).to.be.above(3);
  });
});
