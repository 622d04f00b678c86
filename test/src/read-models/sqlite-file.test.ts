import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ReadModelFileError, SqliteReadModels } from '@support/adapters';
import { Position, ReadModelShape } from '@support/domain';

const APPLICATION_ID = 0x53555052;

const NOTES: ReadModelShape = { name: 'notes', version: 1, collections: { notes: { fields: ['kind'], lists: ['tags'] } } };

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

/** What opening the file throws (fails the test when it opens). */
const openingError = (file: string): Error => {
  let models: SqliteReadModels | undefined;
  try {
    models = SqliteReadModels.open(file);
  } catch (e) {
    return e as Error;
  }
  void models.close();
  throw new Error(`${file} opened, but should have been refused`);
};

/** A SQLite file made by better-sqlite3 with these header values, and a table unless `empty`. */
const sqliteFile = (file: string, header: { applicationId: number; userVersion: number }, empty = false): void => {
  const db = new Database(file);
  db.pragma(`application_id = ${header.applicationId}`);
  db.pragma(`user_version = ${header.userVersion}`);
  if (!empty) db.exec('CREATE TABLE t (x)');
  db.close();
};

const headerOf = (file: string): { applicationId: number; userVersion: number; journalMode: string } => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      applicationId: db.pragma('application_id', { simple: true }) as number,
      userVersion: db.pragma('user_version', { simple: true }) as number,
      journalMode: db.pragma('journal_mode', { simple: true }) as string,
    };
  } finally {
    db.close();
  }
};

describe('SQLite read models: the database file', () => {
  let dir: string;
  let file: string;
  const opened: SqliteReadModels[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-models-file-'));
    file = path.join(dir, 'read-models.sqlite');
  });

  afterEach(async () => {
    for (const models of opened.splice(0)) await models.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = (): SqliteReadModels => {
    const models = SqliteReadModels.open(file);
    opened.push(models);
    return models;
  };

  for (const [what, bytes] of [
    ['8 KiB of garbage', Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) % 256))],
    ['a short text', Buffer.from('this is not a database\n')],
  ] as const) {
    it(`given a file of ${what}, when the engine opens it, then it refuses with a ReadModelFileError naming the file and saying what to do, and leaves the file as it was`, () => {
      fs.writeFileSync(file, bytes);
      const e = openingError(file);
      expect(e).to.be.instanceOf(ReadModelFileError);
      expect(e.name).to.equal('ReadModelFileError');
      expect(e.message).to.contain(file);
      expect(e.message).to.match(/damaged/);
      expect(e.message).to.match(/move the file/);
      expect(e.message).to.match(/rebuilt from the event log/);
      expect(fs.readFileSync(file).equals(bytes), 'the file is untouched').to.equal(true);
    });
  }

  for (const empty of [true, false]) {
    const tables = empty ? 'no table' : 'a table';
    it(`given a read-model file of a newer format (user_version 99, ${tables}), when the engine opens it, then it refuses, saying a newer version wrote it, and leaves the file as it was (format number, journal mode)`, () => {
      sqliteFile(file, { applicationId: APPLICATION_ID, userVersion: 99 }, empty);
      const e = openingError(file);
      expect(e).to.be.instanceOf(ReadModelFileError);
      expect(e.message).to.contain(file);
      expect(e.message).to.match(/newer version of the service/);
      expect(e.message).to.contain('format 99');
      expect(e.message).to.match(/run that version, or move the file away/);
      expect(headerOf(file)).to.deep.equal({ applicationId: APPLICATION_ID, userVersion: 99, journalMode: 'delete' });
    });

    it(`given a SQLite file of another application (${tables}), when the engine opens it, then it refuses, naming the file, and leaves it as it was (header, journal mode)`, () => {
      sqliteFile(file, { applicationId: 0x12345678, userVersion: 3 }, empty);
      const e = openingError(file);
      expect(e).to.be.instanceOf(ReadModelFileError);
      expect(e.message).to.contain(file);
      expect(e.message).to.match(/not a read-model database of this service/);
      expect(e.message).to.contain(String(0x12345678));
      expect(headerOf(file)).to.deep.equal({ applicationId: 0x12345678, userVersion: 3, journalMode: 'delete' });
    });
  }

  it('given a SQLite file without an application id that holds tables, when the engine opens it, then it refuses', () => {
    sqliteFile(file, { applicationId: 0, userVersion: 0 });
    const e = openingError(file);
    expect(e).to.be.instanceOf(ReadModelFileError);
    expect(e.message).to.match(/not a read-model database of this service/);
  });

  it('given no file, or an empty one, when the engine opens it, then it makes a read-model database (its application id and format 1)', async () => {
    await open().close();
    opened.pop();
    expect(headerOf(file)).to.deep.equal({ applicationId: APPLICATION_ID, userVersion: 1, journalMode: 'wal' });
    const other = path.join(dir, 'empty.sqlite');
    fs.writeFileSync(other, '');
    const models = SqliteReadModels.open(other);
    await models.close();
    expect(headerOf(other)).to.deep.equal({ applicationId: APPLICATION_ID, userVersion: 1, journalMode: 'wal' });
  });

  it('given a read-model file with documents and a checkpoint, when it is opened again and declared the same, then both are there; declared with another version, then that model is empty', async () => {
    const first = SqliteReadModels.open(file);
    await first.declare([NOTES]);
    await first.applyBatch('notes', at(3), (batch) => batch.write(at(3), [{ collection: 'notes', id: 'n1', set: { kind: 'a', tags: ['x'] }, upsert: true }]));
    await first.close();

    const again = SqliteReadModels.open(file);
    await again.declare([NOTES]);
    expect(await again.get('notes', 'n1')).to.deep.equal({ _id: 'n1', kind: 'a', tags: ['x'] });
    expect((await again.find('notes', { where: { tags: 'x' } })).map((d) => d._id)).to.deep.equal(['n1']);
    expect(await again.checkpoint('notes')).to.deep.equal(at(3));
    await again.close();

    const newer = open();
    await newer.declare([{ ...NOTES, version: 2 }]);
    expect(await newer.count('notes', {})).to.equal(0);
    expect(await newer.checkpoint('notes')).to.equal(null);
  });

  /** The indexes of a table as the file has them: name and columns. */
  const indexesOf = (table: string): Record<string, string[]> => {
    const db = new Database(file, { readonly: true });
    try {
      const names = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name").all(table) as { name: string }[];
      return Object.fromEntries(names.map(({ name }) => [name, (db.pragma(`index_info("${name}")`) as { name: string }[]).map((c) => c.name)]));
    } finally {
      db.close();
    }
  };

  it('given a read model declared with indexes over list fields, then its table has no index that the list tables or a longer index already serve', async () => {
    const models = open();
    await models.declare([{ name: 'notes', version: 1, collections: { notes: { fields: ['owner', 'kind'], lists: ['tags'], indexes: [
      { name: 'owner_tags', fields: ['owner', 'tags'] },
      { name: 'owner_kind', fields: ['owner', 'kind'] },
      { name: 'kind_tags', fields: ['kind', 'tags'] },
      { name: 'only_tags', fields: ['tags'] },
    ] } } }]);
    expect(indexesOf('notes')).to.deep.equal({ 'notes.owner_kind': ['owner', 'kind'], 'notes.kind_tags': ['kind'] });
  });

  it('given a read model with documents, when it is declared again with an index more and one less, then the documents and checkpoint stay, the new index is made and the old one dropped', async () => {
    const shape = (indexes: { name: string; fields: string[] }[]): ReadModelShape => ({ name: 'notes', version: 1, collections: { notes: { fields: ['kind', 'owner'], lists: ['tags'], indexes } } });
    const first = SqliteReadModels.open(file);
    await first.declare([shape([{ name: 'by_kind', fields: ['kind'] }])]);
    await first.applyBatch('notes', at(3), (batch) => batch.write(at(3), [{ collection: 'notes', id: 'n1', set: { kind: 'a', owner: 'o', tags: ['x'] }, upsert: true }]));
    await first.close();

    const again = open();
    await again.declare([shape([{ name: 'by_owner', fields: ['owner', 'kind'] }])]);
    expect(await again.get('notes', 'n1')).to.deep.equal({ _id: 'n1', kind: 'a', owner: 'o', tags: ['x'] });
    expect(await again.checkpoint('notes')).to.deep.equal(at(3));
    expect(indexesOf('notes')).to.deep.equal({ 'notes.by_owner': ['owner', 'kind'] });
  });

  it('given the engine with a batch open, when a second connection reads the file read-only, then it reads and sees only committed batches, as do the engine\'s own reads', async () => {
    const models = open();
    await models.declare([NOTES]);
    await models.applyBatch('notes', at(1), (batch) => batch.write(at(1), [{ collection: 'notes', id: 'committed', set: { kind: 'a' }, upsert: true }]));

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const open2 = models.applyBatch('notes', at(2), async (batch) => {
      await batch.write(at(2), [
        { collection: 'notes', id: 'pending', set: { kind: 'a' }, upsert: true },
        { collection: 'notes', id: 'committed', set: { kind: 'changed' } },
      ]);
      written();
      await gate;
    });
    await wrote;

    const reader = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const ids = () => (reader.prepare('SELECT id FROM notes ORDER BY id').all() as { id: string }[]).map((r) => r.id);
      const kindOf = (id: string) => (reader.prepare('SELECT kind FROM notes WHERE id = ?').get(id) as { kind: string }).kind;
      const checkpoint = () => (reader.prepare('SELECT checkpoint FROM read_models WHERE name = ?').get('notes') as { checkpoint: string }).checkpoint;

      expect(ids(), 'while the batch is open').to.deep.equal(['committed']);
      expect(kindOf('committed')).to.equal('a');
      expect(checkpoint()).to.equal('1/1');
      expect(await models.get('notes', 'pending'), 'the engine\'s own reads').to.equal(null);
      expect(await models.get('notes', 'committed')).to.deep.equal({ _id: 'committed', kind: 'a' });
      expect(await models.checkpoint('notes')).to.deep.equal(at(1));
      expect(() => reader.prepare("INSERT INTO notes (id, doc) VALUES ('x', '{}')").run(), 'the second connection cannot write').to.throw(/readonly/i);

      release();
      await open2;
      expect(ids(), 'after the commit').to.deep.equal(['committed', 'pending']);
      expect(kindOf('committed')).to.equal('changed');
      expect(checkpoint()).to.equal('2/2');
      expect(await models.get('notes', 'pending')).to.deep.equal({ _id: 'pending', kind: 'a' });
    } finally {
      release();
      reader.close();
    }
  });

  it('given batches committed to the WAL, then a thread of the engine copies them into the database file, while the writer has not reached its own checkpoint limit', async () => {
    // given
    const models = open();
    await models.declare([NOTES]);
    const sizeBefore = fs.statSync(file).size;
    // when: 200 documents of 4 KB (about 100 pages of 8 KB, far below the writer's own limit)
    for (let b = 1; b <= 20; b++) {
      await models.applyBatch('notes', at(b), (batch) => batch.write(at(b), Array.from({ length: 10 }, (_, i) => ({
        collection: 'notes', id: `n-${b}-${i}`, set: { kind: 'k', body: 'x'.repeat(4_000) }, upsert: true,
      }))));
    }
    // then: the database file grows by the copied pages within a few checkpoint turns
    const deadline = Date.now() + 5_000;
    while (fs.statSync(file).size < sizeBefore + 400_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).to.be.greaterThan(sizeBefore + 400_000);
  });
});
