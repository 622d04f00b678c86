import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { TicketListPage, TimestampKey, TOKEN_SCOPES } from '@support/domain';
import { listTickets } from '@support/query-api';
import { queryStoreWith, readStoreWith } from './query-store';
import { aTicket } from './ticket-documents';

const KEYS: readonly TimestampKey[] = ['createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt'];
const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T12:00:00.000Z`;

describe('ticket list sorting and paging', () => {
  for (const key of KEYS) {
    it(`sorts by ${key}, descending by default and ascending on request`, async () => {
      // given tickets whose createdAt order is the reverse of their ${key} order
      const docs = [1, 2, 3, 4].map((n) => aTicket({ createdAt: day(10 - n), updatedAt: day(10 - n), [key]: day(n) }));
      const store = await queryStoreWith(docs);
      const byKey = [...docs].sort((a, b) => String(a[key]).localeCompare(String(b[key]))).map((d) => d._id);
      // when
      const descending = await store.ids({ timestampKey: key });
      const explicitDesc = await store.ids({ timestampKey: key, sortOrder: 'desc' });
      const ascending = await store.ids({ timestampKey: key, sortOrder: 'asc' });
      // then
      expect(descending).to.deep.equal([...byKey].reverse());
      expect(explicitDesc).to.deep.equal([...byKey].reverse());
      expect(ascending).to.deep.equal(byKey);
    });
  }

  it('sorts by createdAt when no timestampKey is sent', async () => {
    const docs = [3, 1, 2].map((n) => aTicket({ createdAt: day(n), updatedAt: day(10 - n) }));
    const store = await queryStoreWith(docs);
    expect(await store.ids({})).to.deep.equal([docs[0]._id, docs[2]._id, docs[1]._id]);
  });

  it('breaks timestamp ties by id in the same direction, so pages neither skip nor repeat', async () => {
    // given 25 tickets created at the same moment
    const docs = Array.from({ length: 25 }, () => aTicket({ createdAt: day(5) }));
    const store = await queryStoreWith(docs);
    for (const sortOrder of ['asc', 'desc'] as const) {
      // when paging 10 at a time
      const pages = [];
      for (let skip = 0; skip < 30; skip += 10) pages.push(...(await store.ids({ sortOrder }, { skip, limit: 10 })));
      // then every ticket appears exactly once, in id order
      const ids = docs.map((d) => d._id).sort();
      expect(pages).to.deep.equal(sortOrder === 'asc' ? ids : [...ids].reverse());
    }
  });

  it('pages through filtered results in order, the count unaffected by paging', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => aTicket({ createdAt: day(1 + (i % 28)), status: i % 3 === 0 ? 'closed' : 'open' }));
    const store = await queryStoreWith(docs);
    const all = await store.ids({ statuses: ['open'] });
    const page2 = await store.ids({ statuses: ['open'] }, { skip: 7, limit: 7 });
    expect(await store.count({ statuses: ['open'] })).to.equal(20);
    expect(page2).to.deep.equal(all.slice(7, 14));
  });
});

describe('ticket list pages through the list handler', () => {
  it('every page equals its slice of the whole sorted list, also pages in the back half (read from the other end)', async () => {
    // given 23 tickets with ties on createdAt and some missing resolvedAt
    const docs = Array.from({ length: 23 }, (_, i) => aTicket({ createdAt: day(1 + (i % 5)), resolvedAt: i % 4 === 0 ? null : day(1 + (i % 3)) }));
    const store = await readStoreWith(docs);
    const principal = { account: { id: 'acme', name: 'Acme' }, accountId: 'acme', tokenId: 'tok', user: null, role: 'admin' as const, scopes: TOKEN_SCOPES, expiresAt: null };
    const listed = async (body: Record<string, unknown>) => {
      const answer = await listTickets({ readModels: store }, principal, body);
      if (E.isLeft(answer)) throw new Error(answer.left.body.message);
      return answer.right.body as TicketListPage;
    };
    for (const order of [{ sortOrder: 'desc' }, { sortOrder: 'asc' }, { timestampKey: 'resolvedAt', sortOrder: 'asc' }, { timestampKey: 'resolvedAt' }]) {
      const whole = (await listed({ ...order, limit: 250 })).data.map((t) => t.id);
      expect(whole).to.have.length(23);
      for (const limit of [1, 4, 10, 22]) {
        // when every page is read
        const pages = Math.ceil(23 / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const got = await listed({ ...order, limit, page });
          // then it is exactly that slice, and the totals are right
          expect(got.data.map((t) => t.id), `${JSON.stringify(order)} limit ${limit} page ${page}`).to.deep.equal(whole.slice((page - 1) * limit, page * limit));
          expect(got).to.include({ total: 23, page, limit, totalPages: pages });
        }
      }
    }
  });
});
