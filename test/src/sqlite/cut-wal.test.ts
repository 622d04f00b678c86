import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { cutWal } from '@support/adapters/dist/sqlite';

describe('cutWal: the WAL cut after an erasure waits for readers without holding the event loop', function () {
  this.timeout(8_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cut-wal-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('given a reader of this process holding a snapshot and a writer whose busy timeout is long, when the WAL is cut, then the process goes on (the reader ends from a timer) and the WAL is cut to nothing', async () => {
    // given
    const file = path.join(dir, 'db.sqlite');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('busy_timeout = 30000');
    writer.exec('CREATE TABLE t (v TEXT)');
    writer.prepare('INSERT INTO t VALUES (?)').run('before');
    const reader = new Database(file, { readonly: true });
    const rows = reader.prepare('SELECT v FROM t').iterate();
    rows.next();
    writer.prepare('INSERT INTO t VALUES (?)').run('after');
    const order: string[] = [];
    setTimeout(() => {
      order.push('reader ended');
      rows.return?.();
    }, 50);
    // when
    await cutWal(writer, 5_000, 'not cut');
    order.push('cut');
    // then
    expect(order).to.deep.equal(['reader ended', 'cut']);
    expect(fs.statSync(`${file}-wal`).size).to.equal(0);
    expect(writer.pragma('busy_timeout', { simple: true }), 'the writer\'s busy timeout is given back').to.equal(30_000);
    reader.close();
    writer.close();
  });
});
