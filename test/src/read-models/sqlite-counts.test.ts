import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SqliteReadModels } from '@support/adapters';
import { ticketReadModelsWith } from '../support/sqlite-read-models';

/**
 * docs/read-models.md: the ticket counts per account and status (`tickets:counts`) hold their keys
 * as plain text, like every other table, so an analyst's `WHERE accountId = 'acme'` finds them.
 */
describe('SQLite read models: the ticket counts table as analysts query it', () => {
  it("given tickets of two accounts, when the counts are read with WHERE accountId = 'acme', then they are acme's per status, in plain text", async () => {
    // given
    const readModels = (await ticketReadModelsWith([
      { _id: 't1', accountId: 'acme', status: 'open' },
      { _id: 't2', accountId: 'acme', status: 'open' },
      { _id: 't3', accountId: 'acme', status: 'resolved' },
      { _id: 't4', accountId: 'globex', status: 'open' },
    ])) as SqliteReadModels;
    const db = new Database(readModels.file, { readonly: true });
    try {
      // when
      const rows = db.prepare('SELECT status, n FROM "tickets:counts" WHERE accountId = \'acme\' ORDER BY status').all();
      // then
      expect(rows).to.deep.equal([{ status: 'open', n: 2 }, { status: 'resolved', n: 1 }]);
    } finally {
      db.close();
      await readModels.close();
    }
  });
});
