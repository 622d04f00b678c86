/**
 * Child process of the crash test: opens the SQLite event store `<file>`, then appends bursts of concurrent appends to it and
 * prints `<stream> <event id>` for every event as soon as its append resolves (is acknowledged), until it is killed.
 * Usage: node sqlite-crash-writer.js <file>
 */
import { isLeft } from 'fp-ts/Either';
import { ExpectedRevision } from '@support/domain';
// The SQLite engine alone: the whole adapters package (database clients) takes a second to load.
import { SqliteEventStore } from '@support/adapters/dist/event-store/sqlite';
import { newEvent } from './events';

const WRITERS = 32;
const SHARED_STREAMS = 8;

async function main(file: string): Promise<void> {
  const store = SqliteEventStore.open({ file });
  process.stdout.write('ready\n');
  await Promise.all(Array.from({ length: WRITERS }, (_, writer) => writeForever(store, writer)));
}

/** Even writers append to shared streams with 'any'; odd ones to their own stream, chained by exact revision. */
async function writeForever(store: SqliteEventStore, writer: number): Promise<void> {
  let expected: ExpectedRevision = 'no_stream';
  for await (const last of store.readStream(`own-${writer}`, { direction: 'backwards', maxCount: 1 })) expected = last.revision;
  for (let round = 0; ; round += 1) {
    const own = writer % 2 === 1;
    const stream = own ? `own-${writer}` : `shared-${(writer + round) % SHARED_STREAMS}`;
    const batch = Array.from({ length: 1 + (round % 3) }, () => newEvent('Burst', { writer, round, padding: 'x'.repeat(100) }));
    const result = await store.appendToStream(stream, batch, { expectedRevision: own ? expected : 'any' });
    if (isLeft(result)) throw new Error(`unexpected conflict on ${stream}`);
    if (own) expected = result.right.nextExpectedRevision;
    process.stdout.write(batch.map((event) => `${stream} ${event.id}\n`).join(''));
  }
}

main(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
