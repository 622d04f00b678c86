import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import Database from 'better-sqlite3';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { MongoClient } from 'mongodb';
import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { loadOrCreateLogSigningKey, MongoTreeStore, silentLogger, SqliteEventStore, SqliteTreeStore } from '@support/adapters';
import { comparePositions, EventStore, Position, RecordedEvent } from '@support/domain';
import { verifierKey } from '@support/event-sourcing';
import { signNewHead, treeFollower } from '@support/projectors';
import { checkpointNotes, openCheckpoints, verifyDistributed } from '@support/app/dist/audit/verify-distributed';
import { auditedMongoTree, readableLog } from '@support/app/dist/audit/verify-engines';
import { MingoDb } from '../contracts/mingo-db';
import { makeTempDir } from '../event-store/sqlite-engine';
import { eventually } from '../support/eventually';
import { ed25519 } from './tree-fixtures';

const ORIGIN = 'support.example/log';
const CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'verify-log.js');
const EVENTS = 40;

/** The store's user events after `after` up to its head now (a subscription ended there), as EventStoreDbEventStore.readAll reads $all. */
async function* upToHead(store: EventStore, after: Position | null): AsyncGenerator<RecordedEvent> {
  const head = await store.headPosition();
  if (head === null || (after !== null && comparePositions(after, head) >= 0)) return;
  const subscription = store.subscribeToAll({ fromPosition: after ?? 'start' });
  try {
    for await (const event of subscription) {
      yield event;
      if (comparePositions(event.position, head) >= 0) return;
    }
  } finally {
    await subscription.unsubscribe();
  }
}

/** Events in five streams, their revisions interleaved in the log. */
const appendEvents = async (store: EventStore, from: number, count: number): Promise<void> => {
  for (let i = from; i < from + count; i++) {
    await store.appendToStream(`ticket-t${i % 5}`, [{ id: `e-${i}`, type: 'TicketNoted', data: { n: i }, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'any' });
  }
};

type Row = { position: number; stream_name: string; revision: number };

/**
 * npm run verify on the distributed engines is verifyDistributed over the log read forwards through a port and the
 * tree kept in MongoDB: here the SQLite event store read through the same port as EventStoreDB's $all, and the
 * MongoDB tree store's code over a mingo stand-in for the driver, the tree written by the projectors' follower.
 */
describe('transparency: npm run verify on the distributed engines (the log read forwards through a port, the tree in MongoDB over a mingo stand-in)', function () {
  this.timeout(30_000);
  let temp: { dir: string; remove(): Promise<void> };
  let db: MingoDb;
  let key: string;
  let keptNote: string;
  const eventsFile = () => path.join(temp.dir, 'events.sqlite');

  beforeEach(async () => {
    temp = await makeTempDir();
    const log = SqliteEventStore.open({ file: eventsFile() });
    await appendEvents(log, 0, EVENTS);
    db = new MingoDb();
    const tree = await MongoTreeStore.open(db.db);
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === EVENTS, `the tree holds ${EVENTS} leaves`);
    await follower.group.stop();
    const { privateKey, publicKey } = ed25519();
    keptNote = (await signNewHead({ store: tree, key: privateKey, origin: ORIGIN, clock: { now: () => new Date() } }))?.note as string;
    key = verifierKey(ORIGIN, publicKey);
    await tree.close();
    await log.close();
  });
  afterEach(async () => {
    await temp.remove();
  });

  /** The verify as verify-log runs it on the engines: the tree taken from MongoDB, its checkpoints and a kept one opened with the key. */
  const verify = async (kept: string | null = null): Promise<{ code: number; report: string }> => {
    const log = SqliteEventStore.open({ file: eventsFile() });
    const tree = await MongoTreeStore.open(db.db);
    try {
      const audited = auditedMongoTree(tree);
      const checkpoints = openCheckpoints(checkpointNotes(audited.checkpoints(), kept === null ? null : { note: kept, from: 'kept.txt' }), key);
      if ('failed' in checkpoints) return { code: 1, report: checkpoints.failed };
      const store = { readAll: (after: Position | null) => upToHead(log, after), readStream: log.readStream.bind(log) };
      return await verifyDistributed({ log: readableLog(store), tree: audited, checkpoints });
    } finally {
      await tree.close();
      await log.close();
    }
  };
  const tamper = (work: (events: Database.Database) => void): void => {
    const events = new Database(eventsFile());
    try {
      work(events);
    } finally {
      events.close();
    }
  };
  const rowAt = (position: number): Row => {
    const events = new Database(eventsFile(), { readonly: true });
    try {
      return events.prepare<[number], Row>('SELECT position, stream_name, revision FROM events WHERE position = ?').get(position) as Row;
    } finally {
      events.close();
    }
  };

  it('given the log as written, then it is verified up to the checkpoint, also against a checkpoint kept elsewhere', async () => {
    const result = await verify(keptNote);
    expect(result.report).to.match(new RegExp(`^verified ${EVENTS} events up to checkpoint ${EVENTS} \\(\\d{4}-\\d\\d-\\d\\dT[^)]+\\)$`));
    expect(result.code).to.equal(0);
  });

  it('given one event\'s data changed, then that event is named altered, by position and stream', async () => {
    const target = rowAt(17);
    tamper((events) => events.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"n":1700}', target.position));
    const result = await verify();
    expect(result.report).to.equal(`altered: the event at position ${target.position}/${target.position} (stream ${target.stream_name}, revision ${target.revision}) is not the event that was signed`);
    expect(result.code).to.equal(1);
  });

  it('given an event removed, then it is named missing, with the stream it left a gap in', async () => {
    const target = rowAt(13);
    expect(target.revision).to.be.greaterThan(0);
    tamper((events) => events.prepare('DELETE FROM events WHERE position = ?').run(target.position));
    const result = await verify();
    expect(result.report).to.equal(`missing: the event at position ${target.position}/${target.position} (stream ${target.stream_name}, revision ${target.revision}) was removed`);
    expect(result.code).to.equal(1);
  });

  it('given a verifier key other than the signer\'s, then the stored checkpoint\'s signature fails, naming it', async () => {
    key = verifierKey(ORIGIN, ed25519().publicKey);
    const result = await verify(keptNote);
    expect(result.report).to.match(/^the stored checkpoint of size 40: /);
    expect(result.code).to.equal(1);
  });
});

describe('transparency: EventStoreDB\'s $all read forwards for the audit (a stand-in for the client)', () => {
  const event = (type: string, commit: bigint, streamId = 'ticket-a') => ({
    event: {
      id: `id-${commit}`, type, streamId, revision: commit, data: { commit: Number(commit) }, metadata: { version: 1 },
      position: { commit, prepare: commit }, created: new Date(0), isJson: true,
    },
  });
  const client = (reads: unknown[]) => ({
    readAll: (options: unknown) => {
      reads.push(options);
      return (async function* () {
        yield event('$metadata', 1n, '$$ticket-a');
        yield event('TicketNoted', 2n);
        yield { event: undefined };
        yield event('$>', 3n, '$ce-ticket');
        yield event('TicketNoted', 4n);
      }());
    },
  }) as unknown as EventStoreDBClient;

  it('given system events in $all, then only the user events come, in order; after a position, only the later ones', async () => {
    const reads: unknown[] = [];
    const store = new EventStoreDbEventStore(client(reads));
    const all: RecordedEvent[] = [];
    for await (const e of store.readAll()) all.push(e);
    expect(all.map((e) => [e.type, e.position.commit])).to.deep.equal([['TicketNoted', 2n], ['TicketNoted', 4n]]);
    const later: RecordedEvent[] = [];
    for await (const e of store.readAll({ commit: 2n, prepare: 2n })) later.push(e);
    expect(later.map((e) => e.position.commit)).to.deep.equal([4n]);
    expect(reads[1]).to.include({ resolveLinkTos: false });
    expect((reads[1] as { fromPosition: Position }).fromPosition).to.deep.equal({ commit: 2n, prepare: 2n });
  });
});

const runVerify = (env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [CLI], { env: { ...process.env, ...env } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

describe('transparency: npm run verify with EVENTSTORE_URL set reads the distributed engines', function () {
  this.timeout(30_000);
  let temp: { dir: string; remove(): Promise<void> };
  const env = () => ({ DATA_DIR: temp.dir, EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false', MONGODB_URL: '', LOG_SIGNING_KEY: 'verify-distributed-test-key-0123456789abcdef' });
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(() => temp.remove());

  it('given no MONGODB_URL and no tree in DATA_DIR, then it says where the tree is looked for, exit 2', async () => {
    const result = await runVerify(env());
    expect(result.stderr).to.equal(`no tree at ${path.join(temp.dir, 'transparency.sqlite')}: run verify where the projectors keep it (their DATA_DIR), or set MONGODB_URL when the tree is in MongoDB\n`);
    expect(result.code).to.equal(2);
  });

  it('given the tree in DATA_DIR and no EventStoreDB at EVENTSTORE_URL, then it reads the log there, and says it cannot, exit 2', async () => {
    await SqliteTreeStore.open(path.join(temp.dir, 'transparency.sqlite')).close();
    const result = await runVerify(env());
    expect(result.stderr).to.match(/^reading the log from EventStoreDB \(EVENTSTORE_URL\): .*(UNAVAILABLE|ECONNREFUSED)/);
    expect(result.stdout).to.equal('');
    expect(result.code).to.equal(2);
  });
});

const loopback = (url: string | undefined): url is string => url !== undefined && /^[a-z+]+:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?([/?]|$)/.test(url);

describe('transparency: npm run verify against EventStoreDB and MongoDB (runs only when EVENTSTORE_URL and MONGODB_URL name loopback servers)', function () {
  this.timeout(120_000);
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  const mongodbUrl = process.env.MONGODB_URL;
  before(function () {
    if (!loopback(eventStoreUrl) || !loopback(mongodbUrl)) this.skip();
  });

  it('given the log in EventStoreDB and the tree the follower wrote in MongoDB, signed with LOG_SIGNING_KEY, then npm run verify verifies it', async () => {
    const temp = await makeTempDir();
    const database = `verify_${randomUUID().replace(/-/g, '')}`;
    const url = new URL(mongodbUrl as string);
    url.pathname = `/${database}`;
    const mongo = new MongoClient(url.toString());
    const log = EventStoreDbEventStore.connect(eventStoreUrl as string);
    const secret = `verify-distributed-test-${randomUUID()}`;
    try {
      await log.appendToStream(`ticket-verify-${randomUUID()}`, [1, 2, 3].map((n) => ({ id: randomUUID(), type: 'TicketNoted', data: { n }, metadata: { version: 1 } })), { expectedRevision: 'no_stream' });
      const tree = await MongoTreeStore.open(mongo.db(database));
      const follower = treeFollower(tree, log, silentLogger);
      await follower.group.start();
      const head = await log.headPosition();
      await eventually(() => { const last = tree.state().lastPosition; return last !== null && comparePositions(last, head as Position) >= 0; }, 'the tree holds the log', 60_000);
      await follower.group.stop();
      const privateKey = await loadOrCreateLogSigningKey(temp.dir, secret);
      const signed = await signNewHead({ store: tree, key: privateKey, origin: ORIGIN, clock: { now: () => new Date() } });
      await tree.close();
      const size = signed?.size as number;
      // when
      const env = { DATA_DIR: temp.dir, EVENTSTORE_URL: eventStoreUrl, MONGODB_URL: url.toString(), LOG_SIGNING_KEY: secret, LOG_ORIGIN: ORIGIN };
      const result = await runVerify(env);
      // then (other writers of the server may have appended since: those are in no checkpoint yet)
      expect(result.stdout).to.match(new RegExp(`^verified \\d+ events up to checkpoint ${size} \\([^)]+\\)(; the last \\d+ are in no checkpoint yet)?\\n$`));
      expect(result.code, result.stderr).to.equal(0);
    } finally {
      await mongo.db(database).dropDatabase().catch(() => undefined);
      await mongo.close();
      await log.close();
      await temp.remove();
    }
  });
});
