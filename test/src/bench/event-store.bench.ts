import { join } from 'node:path';
import { EventData } from '@support/domain';
import { SqliteEventStore } from '@support/adapters';
import { makeTempDir } from '../event-store/sqlite-engine';
import { newEvent } from '../event-store/events';
import { spyOnFileHandles } from '../event-store/file-handle-spy';

/**
 * Embedded event log (SQLite): appends per second with one writer awaiting each append and with 64
 * appends in flight (group commit: one transaction + one fdatasync of the WAL per group), and replay
 * speed of a catch-up subscription from the start over 100,000 stored events. Every append is
 * fsynced before it resolves.
 */
const PHASE_MS = 3_000;
const CONCURRENT_WRITERS = 64;
const REPLAY_EVENTS = 100_000;
const REPLAY_BATCH = 100;

const ticketEvent = (i: number): EventData =>
  newEvent('TicketNoteAdded', { ticketId: `ticket-${i}`, note: 'Customer called back about the delayed order; promised an update by tomorrow.', by: 'agent-7' });

const perSecond = (count: number, ms: number): string => Math.round((count * 1000) / ms).toLocaleString('en-US');

async function withStore<T>(work: (store: SqliteEventStore) => Promise<T>): Promise<T> {
  const temp = await makeTempDir();
  const store = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
  try {
    return await work(store);
  } finally {
    await store.close();
    await temp.remove();
  }
}

/** Appends one event per append until the phase ends; `writers` loops run side by side, each awaiting its own appends. */
async function appendFor(store: SqliteEventStore, writers: number): Promise<{ appends: number; ms: number; syncs: number }> {
  const spy = await spyOnFileHandles();
  const started = Date.now();
  let appends = 0;
  try {
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; Date.now() - started < PHASE_MS; i += 1) {
          await store.appendToStream(`ticket-${writer}-${i % 50}`, [ticketEvent(i)], { expectedRevision: 'any' });
          appends += 1;
        }
      }),
    );
  } finally {
    spy.restore();
  }
  return { appends, ms: Date.now() - started, syncs: spy.log.filter((e) => e === 'sync').length };
}

async function replay(): Promise<{ writeMs: number; reopenMs: number; replayMs: number }> {
  const temp = await makeTempDir();
  const file = join(temp.dir, 'events.sqlite');
  try {
    const writer = SqliteEventStore.open({ file });
    const writeStarted = Date.now();
    const appends: Promise<unknown>[] = [];
    for (let b = 0; b < REPLAY_EVENTS / REPLAY_BATCH; b += 1) {
      const batch = Array.from({ length: REPLAY_BATCH }, (_, i) => ticketEvent(b * REPLAY_BATCH + i));
      appends.push(writer.appendToStream(`ticket-${b}`, batch, { expectedRevision: 'no_stream' }));
      if (appends.length === 64) await Promise.all(appends.splice(0));
    }
    await Promise.all(appends);
    const writeMs = Date.now() - writeStarted;
    const head = await writer.headPosition();
    await writer.close();

    const reopenStarted = Date.now();
    const store = SqliteEventStore.open({ file });
    const reopenMs = Date.now() - reopenStarted;
    try {
      const replayStarted = Date.now();
      const subscription = store.subscribeToAll({ fromPosition: 'start' });
      let seen = 0;
      for await (const event of subscription) {
        seen += 1;
        if (event.position.commit === head?.commit) await subscription.unsubscribe();
      }
      if (seen !== REPLAY_EVENTS) throw new Error(`replay saw ${seen} of ${REPLAY_EVENTS} events`);
      return { writeMs, reopenMs, replayMs: Date.now() - replayStarted };
    } finally {
      await store.close();
    }
  } finally {
    await temp.remove();
  }
}

export async function run(): Promise<void> {
  const single = await withStore((store) => appendFor(store, 1));
  process.stdout.write(
    `single writer (await each append):   ${perSecond(single.appends, single.ms)} appends/s  (${single.appends} appends, ${single.syncs} fdatasyncs)\n`,
  );
  const concurrent = await withStore((store) => appendFor(store, CONCURRENT_WRITERS));
  process.stdout.write(
    `${CONCURRENT_WRITERS} writers in flight (group commit): ${perSecond(concurrent.appends, concurrent.ms)} appends/s  ` +
      `(${concurrent.appends} appends, ${concurrent.syncs} fdatasyncs, ${(concurrent.appends / Math.max(1, concurrent.syncs)).toFixed(1)} appends per sync)\n`,
  );
  const replayed = await replay();
  process.stdout.write(
    `replay subscribeToAll from start:    ${perSecond(REPLAY_EVENTS, replayed.replayMs)} events/s  ` +
      `(${REPLAY_EVENTS.toLocaleString('en-US')} events in ${replayed.replayMs} ms; written in ${replayed.writeMs} ms ` +
      `as ${REPLAY_EVENTS / REPLAY_BATCH} appends of ${REPLAY_BATCH}; reopen ${replayed.reopenMs} ms)\n`,
  );
  process.stdout.write(`reproduce: npm run bench -- event-store\n`);
}
