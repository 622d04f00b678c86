import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { WalCheckpointer } from '@support/adapters/dist/sqlite';

const MB = 1024 * 1024;

/** A database in WAL mode, its writer set up as the service's writers are (`backstop`, with this WAL size limit, or not at all). */
const writerOf = (walSizeLimit: number | null) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-size-'));
  const file = path.join(dir, 'db.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  if (walSizeLimit !== null) WalCheckpointer.backstop(db, walSizeLimit);
  db.exec('CREATE TABLE t (v BLOB)');
  const walBytes = () => fs.statSync(`${file}-wal`).size;
  const close = () => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { db, walBytes, close };
};

/** 20 MB written in one transaction, copied into the file by a checkpoint, then one small write: the writer starts the WAL over. */
const bigBatchThenSmallWrite = (db: Database.Database, walBytes: () => number): { afterBatch: number; afterRestart: number } => {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 20; i += 1) insert.run(Buffer.alloc(MB, i));
  })();
  const afterBatch = walBytes();
  db.pragma('wal_checkpoint(PASSIVE)');
  insert.run(Buffer.alloc(10, 1));
  return { afterBatch, afterRestart: walBytes() };
};

describe('a WAL file is cut back after a checkpoint (issue 58, disk a ticket)', () => {
  it('given a writer with a WAL size limit of 1 MB, when a 20 MB batch is checkpointed and the next write starts the WAL over, then the file is at most 1 MB', () => {
    const w = writerOf(MB);
    try {
      const { afterBatch, afterRestart } = bigBatchThenSmallWrite(w.db, w.walBytes);
      expect(afterBatch).to.be.above(20 * MB);
      expect(afterRestart).to.be.at.most(MB);
    } finally {
      w.close();
    }
  });

  it('given a writer without a limit (SQLite\'s default), when the same happens, then the WAL file keeps its 20 MB', () => {
    const w = writerOf(null);
    try {
      const { afterRestart } = bigBatchThenSmallWrite(w.db, w.walBytes);
      expect(afterRestart).to.be.above(20 * MB);
    } finally {
      w.close();
    }
  });
});
