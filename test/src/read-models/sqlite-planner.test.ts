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
  it('given a table never analyzed, when the statistics are kept, then they are gathered and the queries\' reader is told; they are looked at again after 30 s or once the inserts have doubled', () => {
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
    statistics.afterWrite(500);
    expect(told).to.equal(1);
    // the table grows twentyfold in 10 s (optimize gathers again past tenfold): looked at, gathered again
    const insert = db.prepare('INSERT INTO t (a) VALUES (?)');
    for (let i = 0; i < 38_000; i++) insert.run(`w${i % 1_000}`);
    statistics.afterWrite(40_000);
    expect(told).to.equal(2);
    // nothing new: looked at after 30 s, nothing gathered
    now = 50_000;
    statistics.afterWrite(40_001);
    expect(told).to.equal(2);
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
