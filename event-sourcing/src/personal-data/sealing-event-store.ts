import {
  AllSubscription, EventData, EventStore, PersonalDataKeys, RecordedEvent, SEALED_FIELD, sealedEnvelopeOf, separatePersonal, StreamAppend,
} from '@support/domain';
import { sealValues } from './values-cipher';
import { OpenedEvent } from './opened-event';
import { RecentEntries } from './recent-entries';

/** Events whose data the store keeps after sealing or opening them (a few seconds of creates). */
const WRITTEN_KEPT = 4_096;

export interface SealingOptions {
  /** Keys this store sealed with kept in memory (default 20,000: about 3 MB), and for how long (default 60 s). */
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
  const ttlMs = options.recentKeysTtlMs ?? 60_000;
  const recent = new RecentEntries<Buffer>(options.recentKeys ?? 20_000, ttlMs);
  /**
   * The data of the events this store sealed or opened lately: read back by this process's
   * subscriptions and command handlers (a ticket's stream is read by each worker that records on it)
   * without opening them again.
   */
  const written = new RecentEntries<unknown>(WRITTEN_KEPT, ttlMs);
  const remember = (id: string, data: unknown) => written.set(id, data);

  const seal = async (events: readonly EventData[]): Promise<readonly EventData[]> => {
    let sealed: EventData[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const separated = separatePersonal(event.type, event.data);
      if (separated === null) continue;
      const key = await keys.take();
      recent.set(key.id, key.key);
      const envelope = { k: key.id, f: separated.fields, c: sealValues(key.key, event.id, separated.values) };
      written.set(event.id, event.data);
      sealed ??= events.slice();
      // separated.clear is a copy of the event's data of its own: the envelope is added to it in place.
      separated.clear[SEALED_FIELD] = envelope;
      sealed[i] = { id: event.id, type: event.type, metadata: event.metadata, data: separated.clear };
    }
    return sealed ?? events;
  };

  const opened = (event: RecordedEvent, known: ReadonlyMap<string, Buffer>): RecordedEvent => {
    const envelope = sealedEnvelopeOf(event.data);
    if (envelope === null) return event;
    const data = written.get(event.id);
    if (data === undefined) return new OpenedEvent(event, envelope, known.get(envelope.k), remember);
    return { id: event.id, type: event.type, data, metadata: event.metadata, streamName: event.streamName, revision: event.revision, position: event.position, created: event.created };
  };

  /** The keys of these events' envelopes held in memory, and the ids of those that are not. */
  const keysInMemory = (events: readonly RecordedEvent[]): { known: Map<string, Buffer>; missing: string[] } => {
    const known = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const e of events) {
      const envelope = sealedEnvelopeOf(e.data);
      if (envelope === null || known.has(envelope.k) || written.get(e.id) !== undefined) continue;
      const key = recent.get(envelope.k);
      if (key === undefined) missing.push(envelope.k); else known.set(envelope.k, key);
    }
    return { known, missing };
  };
  /** The keys found in the store, beside those in memory (not kept: a key seals one event, whose opened data is kept instead). */
  const withFound = (known: Map<string, Buffer>, found: ReadonlyMap<string, Buffer>): Map<string, Buffer> => {
    for (const [id, key] of found) known.set(id, key);
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

  const NONE: ReadonlyMap<string, Buffer> = new Map();
  /** One event opened without waiting when its key is at hand (in memory, or from a store that answers at once); null when it must be asked for. */
  const openedNow = (event: RecordedEvent): RecordedEvent | null => {
    const envelope = sealedEnvelopeOf(event.data);
    if (envelope === null || written.get(event.id) !== undefined) return opened(event, NONE);
    const key = recent.get(envelope.k);
    if (key !== undefined) return new OpenedEvent(event, envelope, key, remember);
    return openAllNow === undefined ? null : openAllNow([event])[0]!;
  };
  /** The events of `source` opened: an iterator of its own rather than an async generator, so that an event with nothing to ask for costs one step. */
  const openedIterable = (source: AsyncIterable<RecordedEvent>): AsyncIterable<RecordedEvent> => ({
    [Symbol.asyncIterator]: () => {
      const it = source[Symbol.asyncIterator]();
      return {
        next: async (): Promise<IteratorResult<RecordedEvent>> => {
          const r = await it.next();
          if (r.done === true) return r;
          return { done: false, value: openedNow(r.value) ?? (await openAll([r.value]))[0]! };
        },
        return: async (value?: unknown): Promise<IteratorResult<RecordedEvent>> => (it.return !== undefined ? it.return(value) : { done: true, value }),
      };
    },
  });

  const openedSubscription = (inner: AllSubscription): AllSubscription => {
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]: () => openedIterable(inner)[Symbol.asyncIterator](),
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
    // One event at a time: a caller may stop after the first (a stream's owner, its last number).
    readStream: (streamName, options) => (options?.asStored === true ? store.readStream(streamName, options) : openedIterable(store.readStream(streamName, options))),
    subscribeToAll: (options) => (options?.canonicalText === true || options?.asStored === true ? store.subscribeToAll(options) : openedSubscription(store.subscribeToAll(options))),
    headPosition: () => store.headPosition(),
    eraseKeys: async (ids) => {
      recent.forget(ids);
      written.clear();
      return keys.erase(ids);
    },
    close: async () => {
      await store.close();
      await keys.close();
    },
  };
};
