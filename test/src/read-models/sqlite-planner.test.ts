import { expect } from 'chai';
import Database from 'better-sqlite3';
import { PlannerStatistics } from '@support/adapters/dist/read-models/sqlite/planner-statistics';
import { ReaderStatements } from '@support/adapters/dist/read-models/sqlite/statements';

const tableOf = (rows: number): Database.Database => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, a TEXT); CREATE INDEX t_a ON t (a)');
  const insert = db.prepare('INSERT INTO t (a) VALUES (?)');
  for (let i = 0; i < rows; i++) insert.run(`v${i % 10}`);
  return db;
};

describe('SQLite read models: the planner\'s statistics', () => {
  it('given a table never analyzed, when the statistics are kept, then they are gathered and the queries\' reader is told; later writes within 30 s gather nothing', () => {
    // given
    const db = tableOf(2_000);
    let told = 0;
    let now = 0;
    // when
    const statistics = new PlannerStatistics(db, () => told++, () => now);
    // then
    expect((db.prepare('SELECT count(*) AS n FROM sqlite_stat1').get() as { n: number }).n).to.be.greaterThan(0);
    expect(told).to.equal(1);
    now = 10_000;
    statistics.afterWrite();
    now = 40_000;
    statistics.afterWrite();
    expect(told).to.equal(1);
  });

  it('given a reader, then it is opened again a minute after it was opened, and when asked', () => {
    // given
    let opened = 0;
    let now = 0;
    const reader = new ReaderStatements(() => (opened++, new Database(':memory:')), () => now);
    // when, then
    reader.get('SELECT 1');
    now = 59_000;
    reader.get('SELECT 1');
    expect(opened).to.equal(1);
    now = 60_000;
    reader.get('SELECT 1');
    expect(opened).to.equal(2);
    reader.reopen();
    expect(opened).to.equal(3);
    reader.close();
  });
});
