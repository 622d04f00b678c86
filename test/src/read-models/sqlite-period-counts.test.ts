import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SqliteReadModels } from '@support/adapters';
import { ReadDocument, TicketCriteria } from '@support/domain';
import { ticketReadModelsWith, writeDocuments } from '../support/sqlite-read-models';

const HOUR = Date.parse('2026-12-07T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** An imported history: `n` tickets made within one hour, one every 3600/n seconds, and a few on other days. */
const importedHistory = (n: number): ReadDocument[] => [
  ...Array.from({ length: n }, (_, i) => {
    const at = iso(HOUR + Math.floor((i * 3_600_000) / n));
    return { _id: `t${i}`, accountId: 'acme', status: i % 3 === 0 ? 'resolved' : 'open', createdAt: at, updatedAt: at };
  }),
  ...[1, 2, 40].map((days) => {
    const at = iso(HOUR - days * 86_400_000);
    return { _id: `old${days}`, accountId: 'acme', status: 'open', createdAt: at, updatedAt: at };
  }),
];

const range = (from: string | undefined, to: string | undefined, extra: Partial<TicketCriteria> = {}): TicketCriteria =>
  ({ accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc', ...(from ? { from } : {}), ...(to ? { to } : {}), ...extra });

describe('SQLite read models: a date range over a day holding every ticket (issue 58)', () => {
  const N = 6_000;
  let readModels: SqliteReadModels;
  before(async () => {
    readModels = (await ticketReadModelsWith(importedHistory(N))) as SqliteReadModels;
  });
  after(() => readModels.close());

  it('given 6,000 tickets made in one hour, when ranges of the last hour, a part of it, the day and 90 days are totalled, then each total is exact', async () => {
    const cases: [TicketCriteria, number][] = [
      [range('2026-12-07T10:00:00.000Z', '2026-12-07T10:59:59.999Z'), N],
      [range('2026-12-07T10:15:00.000Z', '2026-12-07T10:44:59.999Z'), N / 2],
      [range('2026-12-07T10:15:00.000Z', '2026-12-07T10:44:59.999Z', { statuses: ['resolved'] }), N / 2 / 3],
      [range('2026-12-07T00:00:00.000Z', '2026-12-07T23:59:59.999Z'), N],
      [range('2026-09-08T10:30:00.000Z', '2026-12-07T11:30:00.000Z'), N + 3],
      [range('2026-12-06T10:00:00.000Z', undefined), N + 1],
      [range(undefined, '2026-12-07T09:59:59.999Z'), 3],
    ];
    for (const [criteria, total] of cases) expect(await readModels.tickets.count(criteria), JSON.stringify(criteria)).to.equal(total);
  });

  it('given the tickets of whole minutes taken out of the tickets table behind the read model\'s back, when the hour is totalled, then the total is unchanged: those minutes come from the counts, not from the tickets one by one', async () => {
    // given: the rows of 10:05 to 10:54 deleted from the table, the counts kept as they were
    const db = new Database(readModels.file);
    const deleted = db.prepare("DELETE FROM tickets WHERE createdAt >= '2026-12-07T10:05' AND createdAt < '2026-12-07T10:55'").run().changes;
    db.close();
    expect(deleted).to.equal(N * 50 / 60);
    // when
    const total = await readModels.tickets.count(range('2026-12-07T10:00:30.000Z', '2026-12-07T10:59:30.000Z'));
    // then: every ticket of the range but the first and last half minute
    expect(total).to.equal(N - N / 120 - N / 120 + 1);
    // and a range that does need the deleted tickets one by one (within a minute) sees them gone
    expect(await readModels.tickets.count(range('2026-12-07T10:06:10.000Z', '2026-12-07T10:06:50.000Z'))).to.equal(0);
  });

  it('given tickets updated again and again (updatedAt moving within its minute, to other hours, status changing), when ranges of updatedAt are totalled by status, then each total is the count of the tickets as they are now', async () => {
    const moved = await ticketReadModelsWith(importedHistory(600));
    try {
      let docs = importedHistory(600);
      for (let round = 1; round <= 3; round += 1) {
        docs = docs.map((d, i) => {
          if (i % 4 === 3) return d;
          const at = iso(Date.parse(String(d.updatedAt)) + (i % 4 === 0 ? 1_000 : i % 4 === 1 ? 3_600_000 * round : 86_400_000));
          return { ...d, updatedAt: at, status: round === 2 && i % 5 === 0 ? 'closed' : d.status };
        });
        await writeDocuments(moved, 'tickets', 'tickets', docs);
      }
      const ranges: [string, string][] = [['2026-12-07T10:00:00.000Z', '2026-12-07T10:59:59.999Z'], ['2026-12-07T10:20:00.000Z', '2026-12-08T13:00:00.000Z'], ['2026-12-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z']];
      for (const [from, to] of ranges) {
        for (const statuses of [undefined, ['closed'], ['open', 'resolved']]) {
          const expected = docs.filter((d) => String(d.updatedAt) >= from && String(d.updatedAt) <= to && (statuses === undefined || statuses.includes(String(d.status)))).length;
          const criteria = { ...range(from, to, statuses === undefined ? {} : { statuses }), timestampKey: 'updatedAt' as const };
          expect(await moved.tickets.count(criteria), `${from} .. ${to} ${statuses ?? ''}`).to.equal(expected);
        }
      }
    } finally {
      await moved.close();
    }
  });
});
