import {
  AllSubscription, EventData, EventStore, joinPersonal, PersonalDataKeys, RecordedEvent, SEALED_FIELD, sealedEnvelopeOf, separatePersonal, StreamAppend,
} from '@support/domain';
import { openValues, sealValues } from './values-cipher';
import { RecentKeys } from './recent-keys';

/** Events of a stream read opened together. */
const STREAM_BATCH = 64;

export interface SealingOptions {
  /** Keys kept in memory after use (default 10,000) and for how long (default 60 s). */
  readonly recentKeys?: number;
  readonly recentKeysTtlMs?: number;
}

/** The event store with its events' personal values sealed, and the erasure of their keys. */
export interface SealingEventStore extends EventStore {
  /** Deletes these keys in the key store and forgets them here: the values they sealed read as placeholders from now on. */
  eraseKeys(ids: readonly string[]): Promise<number>;
}

/**
 * The event store with personal data kept erasable (`docs/architecture.md`, Erasure): before an
 * append, each event's personal values (PERSONAL_FIELDS) are taken out of its data and sealed under
 * a key of its own from the key store; every read and subscription gives them back in place (or a
 * placeholder of the same kind once the key is erased). The log, and so every leaf, checkpoint and
 * proof, holds only the sealed text. Events written before this (their values in the clear) and
 * events without personal fields pass through as they are. A read asking for the events as stored
 * (`asStored`: the audit's feed and proofs) or for canonical text (the Merkle tree's follower) gets
 * them sealed.
 */
export const sealingEventStore = (store: EventStore, keys: PersonalDataKeys, options: SealingOptions = {}): SealingEventStore => {
  const recent = new RecentKeys(options.recentKeys ?? 10_000, options.recentKeysTtlMs ?? 60_000);

  const seal = async (events: readonly EventData[]): Promise<readonly EventData[]> => {
    let sealed: EventData[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const separated = separatePersonal(event.type, event.data);
      if (separated === null) continue;
      const key = await keys.take();
      recent.set(key.id, key.key);
      const envelope = { k: key.id, f: separated.fields, c: sealValues(key.key, event.id, separated.values) };
      sealed ??= events.slice();
      sealed[i] = { ...event, data: { ...separated.clear, [SEALED_FIELD]: envelope } };
    }
    return sealed ?? events;
  };

  const opened = (event: RecordedEvent, known: ReadonlyMap<string, Buffer>): RecordedEvent => {
    const envelope = sealedEnvelopeOf(event.data);
    if (envelope === null) return event;
    const key = known.get(envelope.k);
    const values = key === undefined ? null : openValues(key, event.id, envelope.c);
    return {
      id: event.id, type: event.type, metadata: event.metadata, streamName: event.streamName, revision: event.revision, position: event.position, created: event.created,
      data: joinPersonal(event.data as Record<string, unknown>, envelope, values !== null && values.length === envelope.f.length ? values : null),
    };
  };

  /** The keys of these events' envelopes held in memory, and the ids of those that are not. */
  const keysInMemory = (events: readonly RecordedEvent[]): { known: Map<string, Buffer>; missing: string[] } => {
    const known = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const e of events) {
      const envelope = sealedEnvelopeOf(e.data);
      if (envelope === null || known.has(envelope.k)) continue;
      const key = recent.get(envelope.k);
      if (key === undefined) missing.push(envelope.k); else known.set(envelope.k, key);
    }
    return { known, missing };
  };
  const withFound = (known: Map<string, Buffer>, found: ReadonlyMap<string, Buffer>): Map<string, Buffer> => {
    for (const [id, key] of found) {
      known.set(id, key);
      recent.set(id, key);
    }
    return known;
  };
  const openAll = async (events: readonly RecordedEvent[]): Promise<RecordedEvent[]> => {
    const { known, missing } = keysInMemory(events);
    const all = missing.length === 0 ? known : withFound(known, await keys.find(missing));
    return events.map((e) => opened(e, all));
  };
  const findNow = keys.findNow?.bind(keys);
  const openAllNow = findNow === undefined ? undefined : (events: readonly RecordedEvent[]): RecordedEvent[] => {
    const { known, missing } = keysInMemory(events);
    const all = missing.length === 0 ? known : withFound(known, findNow(missing));
    return events.map((e) => opened(e, all));
  };

  const openedSubscription = (inner: AllSubscription): AllSubscription => {
    const subscription: AllSubscription = {
      async *[Symbol.asyncIterator]() {
        for await (const event of inner) yield (await openAll([event]))[0]!;
      },
      unsubscribe: () => inner.unsubscribe(),
    };
    if (inner.readUpTo !== undefined) subscription.readUpTo = () => inner.readUpTo!();
    if (inner.readPast !== undefined) subscription.readPast = (position) => inner.readPast!(position);
    if (inner.takeBuffered !== undefined && openAllNow !== undefined) subscription.takeBuffered = (max) => openAllNow(inner.takeBuffered!(max));
    return subscription;
  };

  return {
    appendToStream: async (streamName, events, options) => store.appendToStream(streamName, await seal(events), options),
    appendToStreams: async (appends) => {
      const sealed: StreamAppend[] = [];
      for (const a of appends) sealed.push({ ...a, events: await seal(a.events) });
      return store.appendToStreams(sealed);
    },
    readStream: (streamName, options) => (options?.asStored === true ? store.readStream(streamName, options) : {
      // A stream is read in full by its callers: its events are opened STREAM_BATCH at a time, their keys asked for together.
      async *[Symbol.asyncIterator]() {
        let batch: RecordedEvent[] = [];
        for await (const event of store.readStream(streamName, options)) {
          batch.push(event);
          if (batch.length < STREAM_BATCH) continue;
          yield* await openAll(batch);
          batch = [];
        }
        if (batch.length > 0) yield* await openAll(batch);
      },
    }),
    subscribeToAll: (options) => (options?.canonicalText === true || options?.asStored === true ? store.subscribeToAll(options) : openedSubscription(store.subscribeToAll(options))),
    headPosition: () => store.headPosition(),
    eraseKeys: async (ids) => {
      recent.forget(ids);
      return keys.erase(ids);
    },
    close: async () => {
      await store.close();
      await keys.close();
    },
  };
};
