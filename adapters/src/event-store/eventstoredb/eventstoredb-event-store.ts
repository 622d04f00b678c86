import {
  AllStreamRecordedEvent,
  AllStreamResolvedEvent,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  Position as ClientPosition,
  ReadPosition,
  ResolvedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { Either, left, right } from 'fp-ts/Either';
import {
  AllSubscription,
  AppendResult,
  comparePositions,
  EventData,
  EventStore,
  ExpectedRevision,
  MultiStreamAppendResult,
  Position,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeToAllOptions,
  WrongExpectedVersion,
} from '@support/domain';
import { assertDistinctStreams } from '../distinct-streams';
import { toClientExpectedRevision, wrongExpectedVersion } from './expected-revision';
import {
  appendToStreamsWith,
  assertServerHasMultiStreamAppend,
  connectMultiStreamClient,
  esdbConnectionString,
  MultiStreamAppendClient,
} from './multi-stream-append';
import { pinnedEnd } from './pinned-end';
import { readUserEvents } from './read-all';
import { Backoff, DropListener, ReconnectingAllSubscription } from './reconnecting-subscription';
import { toClientEvent, toPosition, toRecordedEvent } from './recorded-event';
import { subscriptionFilter } from './subscription-filter';

export interface EventStoreDbOptions {
  /** Backoff between resubscriptions after a dropped subscription. Default 100 ms doubling to 5 s. */
  readonly resubscribeBackoff?: Backoff;
  /** Told about each dropped subscription (the error carries no event data). */
  readonly onSubscriptionDropped?: DropListener;
}

const HEAD_PAGE = 256;
const isSystemEventType = (type: string): boolean => type.startsWith('$');

/**
 * The event-store port over EventStoreDB/KurrentDB (gRPC clients). Positions are the server's
 * commit/prepare positions. `@eventstore/db-client` does everything but the multi-stream append,
 * which only its successor `@kurrent/kurrentdb-client` has (KurrentDB 25.1 or later).
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<ReconnectingAllSubscription>();

  /**
   * `connectionString`: `esdb://host:2113?tls=false` and the like (EVENTSTORE_URL; `kurrentdb://` too).
   * Connects lazily: call `assertMultiStreamAppend()` to refuse a server too old at the start.
   */
  static connect(connectionString: string, options: EventStoreDbOptions = {}): EventStoreDbEventStore {
    return new EventStoreDbEventStore(
      EventStoreDBClient.connectionString(esdbConnectionString(connectionString)),
      options,
      connectMultiStreamClient(connectionString),
    );
  }

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EventStoreDbOptions = {},
    /** For appendToStreams only; without it (a store over a stand-in client) appendToStreams fails. */
    private readonly multiStreamClient: MultiStreamAppendClient | null = null,
  ) {}

  /**
   * Fails, naming the server's version, unless the server has the multi-stream append (KurrentDB 25.1
   * or later): the service opens the store with it so that an older server is refused at the start.
   */
  async assertMultiStreamAppend(): Promise<void> {
    await assertServerHasMultiStreamAppend(this.requireMultiStreamClient());
  }

  async appendToStream(
    streamName: string,
    events: readonly EventData[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<Either<WrongExpectedVersion, AppendResult>> {
    try {
      const result = await this.client.appendToStream(streamName, events.map(toClientEvent), {
        expectedRevision: toClientExpectedRevision(options.expectedRevision),
      });
      const position = result.position ?? (await this.positionOfRevision(streamName, result.nextExpectedRevision));
      return right({ nextExpectedRevision: result.nextExpectedRevision, position: toPosition(position) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        return left(wrongExpectedVersion(streamName, options.expectedRevision, error.actualVersion));
      }
      throw error;
    }
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<Either<WrongExpectedVersion, MultiStreamAppendResult>> {
    assertDistinctStreams(appends);
    return appendToStreamsWith(this.requireMultiStreamClient(), appends);
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncGenerator<RecordedEvent, void, undefined> {
    const backwards = options.direction === 'backwards';
    const reading = this.client.readStream(streamName, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision ?? (backwards ? END : START),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    try {
      for await (const resolved of reading as AsyncIterable<ResolvedEvent>) {
        if (resolved.event) yield toRecordedEvent(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return;
      throw error;
    }
  }

  /**
   * A catch-up subscription with the server-side filter (subscription-filter: the prefixes' streams,
   * else every event but the system ones), telling how far it has read (readUpTo / readPast), so
   * that the projectors keep it filtered. `end` is pinned to the head read now, the read retried
   * until it succeeds (pinned-end), so a resubscription before the first event misses nothing.
   */
  subscribeToAll(options: SubscribeToAllOptions = {}): AllSubscription {
    const filter = subscriptionFilter(options.streamNamePrefixes ?? []);
    const from = options.fromPosition ?? 'start';
    const backoff = this.options.resubscribeBackoff ?? { initialMs: 100, maxMs: 5_000 };
    const onDrop = this.options.onSubscriptionDropped ?? (() => undefined);
    let ended = false;
    const checkpoint: Promise<ReadPosition> = from === 'end'
      ? pinnedEnd(() => this.headPosition(), backoff, onDrop, () => ended).then((head) => head ?? START)
      : Promise.resolve(from);
    const subscription = new ReconnectingAllSubscription(
      (fromPosition) => this.client.subscribeToAll({ fromPosition, filter }),
      checkpoint,
      backoff,
      onDrop,
      () => {
        ended = true;
        this.subscriptions.delete(subscription);
      },
      options.onArrival,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * The user events of $all forwards after `after` (from the start when null) to the end of the log,
   * then done: the events, and their order, the tree's follower took (read-all). For the audit.
   */
  readAll(after: Position | null = null): AsyncIterable<RecordedEvent> {
    return readUserEvents(this.client, after);
  }

  /** Reads $all backwards, a page at a time, to the newest event that is not a system event. */
  async headPosition(): Promise<Position | null> {
    let from: ReadPosition = END;
    for (;;) {
      let oldest: ClientPosition | null = null;
      const page = this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE });
      for await (const resolved of page as AsyncIterable<AllStreamResolvedEvent>) {
        const event: AllStreamRecordedEvent | undefined = resolved.event;
        // A page that starts at `from` inclusive would repeat the event at `from`.
        if (!event || (from !== END && comparePositions(event.position, from) >= 0)) continue;
        if (!isSystemEventType(event.type)) return toPosition(event.position);
        oldest = event.position;
      }
      if (oldest === null) return null;
      from = oldest;
    }
  }

  /** Ends the subscriptions (so they do not resubscribe on a closed client), then closes the connection. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.unsubscribe()));
    this.subscriptions.clear();
    await Promise.all([this.client.dispose(), this.multiStreamClient?.dispose()]);
  }

  private requireMultiStreamClient(): MultiStreamAppendClient {
    if (!this.multiStreamClient) throw new Error('EventStoreDbEventStore was made without a KurrentDB client: no multi-stream append');
    return this.multiStreamClient;
  }

  private async positionOfRevision(streamName: string, revision: bigint): Promise<ClientPosition> {
    const reading = this.client.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    for await (const resolved of reading as AsyncIterable<ResolvedEvent>) {
      if (resolved.event?.position) return resolved.event.position;
    }
    throw new Error('EventStoreDB returned no position for the append');
  }
}
