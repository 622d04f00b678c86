import path from 'node:path';
import { comparePositions, EventStore, RecordedEvent } from '@support/domain';
import { EmbeddedEventStore, EventStoreDbEventStore } from '@support/adapters';
import { readSettings } from './settings';

/**
 * `npm run events -- <stream>` prints one stream, `npm run events -- --all [--prefix ticket-]` the
 * whole log in global order: one JSON line per event (position, stream, revision, type, data,
 * metadata with account, token id, request and correlation ids), from the event store the
 * environment names. Read-only: auditors replay what happened, event by event.
 */
const line = (e: RecordedEvent): string =>
  JSON.stringify({
    position: `${e.position.commit}/${e.position.prepare}`, streamName: e.streamName, revision: e.revision.toString(),
    id: e.id, type: e.type, created: e.created.toISOString(), data: e.data, metadata: e.metadata,
  });

const printAll = async (store: EventStore, prefixes: string[]): Promise<void> => {
  const head = await store.headPosition();
  if (head === null) return;
  const subscription = store.subscribeToAll({ fromPosition: 'start' });
  for await (const e of subscription) {
    if (prefixes.length === 0 || prefixes.some((p) => e.streamName.startsWith(p))) process.stdout.write(`${line(e)}\n`);
    if (comparePositions(e.position, head) >= 0) break;
  }
  await subscription.unsubscribe();
};

const main = async () => {
  const args = process.argv.slice(2);
  const settings = readSettings();
  if (args.length === 0) {
    process.stderr.write('usage: npm run events -- <stream name> | --all [--prefix <stream prefix> ...]\n');
    process.exit(2);
  }
  const store: EventStore = settings.eventStoreUrl
    ? await EventStoreDbEventStore.connect(settings.eventStoreUrl)
    : await EmbeddedEventStore.open({ dir: path.join(settings.dataDir, 'events') });
  try {
    if (args[0] === '--all') {
      const prefixes = args.flatMap((a, i) => (args[i - 1] === '--prefix' ? [a] : []));
      await printAll(store, prefixes);
    } else {
      for await (const e of store.readStream(args[0])) process.stdout.write(`${line(e)}\n`);
    }
  } finally {
    await store.close();
  }
};

main().catch((e) => {
  process.stderr.write(`${(e as Error).message}\n`);
  process.exit(1);
});
