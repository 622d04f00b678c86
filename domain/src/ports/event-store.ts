import { Either } from 'fp-ts/Either';

/**
 * Event-store port, shaped like EventStoreDB: named streams, expected revisions,
 * one global order with a position, and catch-up subscriptions to all events.
 */

/** Global position in the log. EventStoreDB has a commit and a prepare position; the embedded log uses its sequence for both. */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** `any`: no check. `no_stream`: the stream must not exist. `stream_exists`: it must exist. bigint: the revision of its last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface EventMetadata {
  /** Schema version of the event's data, so old events can be upcast. */
  readonly version: number;
  readonly accountId?: string;
  /** Access token id (never the token itself) or worker name. */
  readonly userId?: string;
  readonly requestId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly [key: string]: unknown;
}

export interface EventData<Type extends string = string, Data = unknown> {
  /** uuid; appending the same id twice to a stream is idempotent in EventStoreDB, and the embedded log does the same. */
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends EventData<Type, Data> {
  readonly streamName: string;
  /** 0-based revision of the event in its stream. */
  readonly revision: bigint;
  readonly position: Position;
  readonly created: Date;
}

/**
 * An event read with its data and metadata as the store keeps them, in canonical JSON text (RFC 8785):
 * what the Merkle tree's leaf is written from without decoding them again.
 */
export interface CanonicalTextEvent extends RecordedEvent {
  readonly canonicalData: string;
  readonly canonicalMetadata: string;
}

export interface AppendResult {
  /** Revision of the last event written; pass it as the expected revision of the next append. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last event written. */
  readonly position: Position;
}

/** One stream's part of an atomic multi-stream append: its events and the revision it must be at. */
export interface StreamAppend {
  readonly streamName: string;
  readonly events: readonly EventData[];
  readonly expectedRevision: ExpectedRevision;
}

export interface MultiStreamAppendResult {
  /** Position of the last event written (of every stream). */
  readonly position: Position;
  /** Per stream, in the order of the request: the revision of its last event (its next expected revision). */
  readonly streams: readonly { readonly streamName: string; readonly nextExpectedRevision: bigint }[];
}

export interface WrongExpectedVersion {
  readonly kind: 'WrongExpectedVersion';
  readonly streamName: string;
  readonly expected: ExpectedRevision;
  /** Current revision, or 'no_stream' when the stream does not exist. */
  readonly actual: bigint | 'no_stream';
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Default: 'start' forwards, 'end' backwards. */
  readonly fromRevision?: bigint | 'start' | 'end';
  readonly maxCount?: number;
  /**
   * The events as the log stores them, their personal values still sealed (what the Merkle tree's
   * leaves are over: the auditor's view). Default: personal values given back in place.
   */
  readonly asStored?: boolean;
}

export interface SubscribeToAllOptions {
  /** Exclusive: the subscription yields the events after this position. Default 'start'. */
  readonly fromPosition?: Position | 'start' | 'end';
  /** Only events of streams whose name starts with one of these prefixes. */
  readonly streamNamePrefixes?: readonly string[];
  /**
   * Events whose data and metadata the store keeps as canonical JSON text come as CanonicalTextEvent,
   * their data and metadata decoded only when read (the Merkle tree's follower). Stores that keep no
   * such text ignore it.
   */
  readonly canonicalText?: boolean;
  /** As ReadStreamOptions.asStored; implied by canonicalText. */
  readonly asStored?: boolean;
  /**
   * What the subscription yields of each event instead of the event itself, made once per event
   * (default: the event). A consumer that needs little of an event (the Merkle tree's follower: its
   * leaf hash) keeps that much while it gathers a batch. A store may make it when the event is
   * appended through it, from what it wrote, and then not read that event back from its log.
   */
  readonly onArrival?: (event: RecordedEvent) => RecordedEvent;
}

/** A catch-up subscription: yields every stored event after the checkpoint, then turns live. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
  /**
   * Optional: the position up to which the log has been read, events left out by
   * `streamNamePrefixes` included (null before the first). A consumer that has handled every event
   * yielded so far has thereby seen the log up to here. Subscriptions without it tell progress
   * only by the events they yield.
   */
  readUpTo?(): Position | null;
  /**
   * With readUpTo: resolves once the subscription has read past `position` (e.g. through events its
   * filter leaves out) and is waiting for the log, so a consumer idle between two events hears of it.
   */
  readPast?(position: Position | null): Promise<void>;
  /**
   * Optional: up to `max` of the events the subscription has already read and holds in memory (the
   * ones iteration would yield next without waiting), taken at once; empty when it holds none. Call
   * it only between two steps of the iteration (not while one is pending).
   */
  takeBuffered?(max: number): RecordedEvent[];
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventData[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<Either<WrongExpectedVersion, AppendResult>>;

  /**
   * Appends to several streams atomically: every stream's expected revision is checked and either
   * every event is written, in the order given, or none (the first stream whose revision did not hold
   * is named). A stream may appear once. The embedded log does it in one transaction; KurrentDB
   * (25.1 or later) with its multi-stream append. A retry of an append that was written (the same
   * event ids where they would have gone) answers as the original did.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<Either<WrongExpectedVersion, MultiStreamAppendResult>>;

  /** Events of one stream; a stream that does not exist yields nothing. */
  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;

  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription;

  /** Position of the newest event in the log (user events only), or null when empty. */
  headPosition(): Promise<Position | null>;

  close(): Promise<void>;
}
