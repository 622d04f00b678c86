import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { FileHandle, open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import Koa from 'koa';
import { koaBody } from 'koa-body';

/**
 * The durable yardstick of the speed benchmark: bare-koa.ts (the same body parsing) writing one row a
 * request (an id and the body's JSON text) into SQLite, group-committed and fdatasync'd before the
 * answer: the rows that arrive in one turn of the event loop are written in one transaction by a
 * setImmediate, then the WAL file is fdatasync'd (on libuv's pool), then that group's requests are
 * answered. The least a service that answers a create only once it is on disk does a create.
 *
 * The database goes in the directory DURABLE_KOA_DIR (made if missing; the caller removes it). Prints
 * its port on stdout. SIGTERM: stops listening, answers what is queued, closes the database, exits.
 */
const dir = process.env.DURABLE_KOA_DIR;
if (dir === undefined || dir === '') throw new Error('DURABLE_KOA_DIR is not set');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, 'yardstick.db');
const db = new Database(file);
db.pragma('journal_mode = WAL');
// SQLite does not sync the WAL on commit here: a group's commit is synced below, once, by fdatasync.
// (Checkpoints still sync the WAL before they copy it into the database file.)
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS tickets (id TEXT PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO tickets (id, body) VALUES (?, ?)');
const writeGroup = db.transaction((rows: readonly Row[]) => {
  for (const row of rows) insert.run(row.id, row.body);
});

interface Row {
  readonly id: string;
  readonly body: string;
  readonly done: (error: Error | null) => void;
}

let queue: Row[] = [];
let scheduled = false;
let wal: Promise<FileHandle> | null = null;
let syncing: Promise<void> | null = null;
let nextSync: Promise<void> | null = null;

/** Resolves once every commit made before the call is on disk: one fdatasync at a time, the commits made during one covered by the next. */
const durable = (): Promise<void> => {
  if (syncing === null) {
    wal ??= open(`${file}-wal`, 'r');
    syncing = wal.then((h) => h.datasync()).finally(() => {
      syncing = null;
    });
    return syncing;
  }
  const after = () => {
    nextSync = null;
    return durable();
  };
  nextSync ??= syncing.then(after, after);
  return nextSync;
};

const flush = () => {
  scheduled = false;
  const group = queue;
  queue = [];
  try {
    writeGroup(group);
  } catch (e) {
    for (const row of group) row.done(e as Error);
    return;
  }
  durable().then(
    () => group.forEach((row) => row.done(null)),
    (e: Error) => group.forEach((row) => row.done(e)),
  );
};

const write = (body: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const id = randomUUID();
    queue.push({ id, body, done: (error) => (error === null ? resolve(id) : reject(error)) });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });

const app = new Koa();
app.use(koaBody({ json: true, jsonLimit: '1mb', urlencoded: false, text: false, multipart: false }));
app.use(async (ctx) => {
  const id = await write(JSON.stringify(ctx.request.body ?? null));
  ctx.body = { success: true, id };
});
const server = http.createServer(app.callback());
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  const closeDb = async () => {
    while (scheduled || syncing !== null || nextSync !== null) await new Promise((r) => setTimeout(r, 5));
    if (wal !== null) await (await wal).close();
    db.close();
  };
  closeDb().then(() => process.exit(0), () => process.exit(1));
});
