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
  const written = new RecentEntries<object>(WRITTEN_KEPT, ttlMs);
  const remember = (id: string, data: unknown) => written.set(id, data as object);

  const seal = async (events: readonly EventData[]): Promise<readonly EventData[]> => {
    let sealed: EventData[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const separated = separatePersonal(event.type, event.data);
      if (separated === null) continue;
      const key = await keys.take();
      recent.set(key.id, key.key);
      const envelope = { k: key.id, f: separated.fields, c: sealValues(key.key, event.id, separated.values) };
      written.set(event.id, event.data as object);
      sealed ??= events.slice();
      // separated.clear is a copy of the event's data of its own: the envelope is added to it in place.
      separated.clear[SEALED_FIELD] = envelope;
      sealed[i] = { id: event.id, type: event.type, metadata: event.metadata, data: separated.clear };
    }
    return sealed ?? events;
  };

  /** What opening some events needs: their keys in memory, the data of those this store holds already (by event id), the keys to ask for. */
  interface AtHand {
    readonly known: Map<string, Buffer>;
    readonly held: Map<string, unknown>;
    readonly missing: string[];
  }
  /** Looked up once per event, so that an entry expiring meanwhile cannot turn a value into a placeholder. */
  const atHand = (events: readonly RecordedEvent[]): AtHand => {
    const hand: AtHand = { known: new Map(), held: new Map(), missing: [] };
    for (const e of events) {
      const envelope = sealedEnvelopeOf(e.data);
      if (envelope === null || hand.known.has(envelope.k)) continue;
      const data = written.get(e.id);
      if (data !== undefined) {
        hand.held.set(e.id, data);
        continue;
      }
      const key = recent.get(envelope.k);
      if (key === undefined) hand.missing.push(envelope.k); else hand.known.set(envelope.k, key);
    }
    return hand;
  };
  /** The events opened with what was at hand and the keys the store found (a key seals one event: found keys are not kept, its opened data is). */
  const openWith = (events: readonly RecordedEvent[], hand: AtHand, found: ReadonlyMap<string, Buffer>): RecordedEvent[] => {
    for (const [id, key] of found) hand.known.set(id, key);
    return events.map((event) => {
      const envelope = sealedEnvelopeOf(event.data);
      if (envelope === null) return event;
      const data = hand.held.get(event.id);
      if (data === undefined) return new OpenedEvent(event, envelope, hand.known.get(envelope.k), remember);
      return { id: event.id, type: event.type, data, metadata: event.metadata, streamName: event.streamName, revision: event.revision, position: event.position, created: event.created };
    });
  };
  const NONE: ReadonlyMap<string, Buffer> = new Map();
  const openAll = async (events: readonly RecordedEvent[]): Promise<RecordedEvent[]> => {
    const hand = atHand(events);
    return openWith(events, hand, hand.missing.length === 0 ? NONE : await keys.find(hand.missing));
  };
  const findNow = keys.findNow?.bind(keys);
  const openAllNow = findNow === undefined ? undefined : (events: readonly RecordedEvent[]): RecordedEvent[] => {
    const hand = atHand(events);
    return openWith(events, hand, hand.missing.length === 0 ? NONE : findNow(hand.missing));
  };
  /** One event opened without waiting when its key is at hand (in memory, or from a store that answers at once); null when it must be asked for. */
  const openedNow = (event: RecordedEvent): RecordedEvent | null => {
    const hand = atHand([event]);
    if (hand.missing.length === 0) return openWith([event], hand, NONE)[0]!;
    return findNow === undefined ? null : openWith([event], hand, findNow(hand.missing))[0]!;
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
