import * as E from 'fp-ts/Either';
import { AppendResult, EventData, EventStore, ExpectedRevision, ReadStreamOptions, RecordedEvent, WrongExpectedVersion } from '@support/domain';

/**
 * An in-memory event store for the command handler's tests: streams with revisions, expected
 * revisions checked as the real stores check them, each read and append taking a turn of the event
 * loop (so that concurrent decisions interleave as they do over a real store), and another process
 * played by `otherProcessAppends`: that many appends are refused because another writer appended
 * first (`otherProcessEvent`, when given, is what it appended). It counts what it was asked and when.
 */
interface RacingEventStore extends EventStore {
  /** Appends still to be refused as lost to another process. */
  otherProcessAppends: number;
  readonly appendTimes: number[];
  /** When each read began: a decision's try starts with its read. */
  readonly readTimes: number[];
  /** Appends refused for a wrong expected revision (the other process's and real ones). */
  refused: number;
  events(streamName: string): readonly RecordedEvent[];
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const matches = (expected: ExpectedRevision, current: bigint | null): boolean => {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === null;
  if (expected === 'stream_exists') return current !== null;
  return current === expected;
};

export const racingEventStore = (otherProcessAppends = 0, otherProcessEvent?: Omit<EventData, 'id'>): RacingEventStore => {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0n;
  const store: RacingEventStore = {
    otherProcessAppends,
    appendTimes: [],
    readTimes: [],
    refused: 0,
    events: (streamName) => streams.get(streamName) ?? [],
    async appendToStream(streamName: string, events: readonly EventData[], options: { readonly expectedRevision: ExpectedRevision }): Promise<E.Either<WrongExpectedVersion, AppendResult>> {
      store.appendTimes.push(Date.now());
      await turn();
      const stream = streams.get(streamName) ?? [];
      streams.set(streamName, stream);
      const write = (e: EventData) => stream.push({ ...e, streamName, revision: BigInt(stream.length), position: { commit: position, prepare: position++ }, created: new Date() });
      const otherFirst = store.otherProcessAppends > 0;
      if (otherFirst) {
        store.otherProcessAppends--;
        if (otherProcessEvent !== undefined) write({ ...otherProcessEvent, id: `other-${position}` });
      }
      const current = stream.length === 0 ? null : BigInt(stream.length - 1);
      if (otherFirst || !matches(options.expectedRevision, current)) {
        store.refused++;
        return E.left({ kind: 'WrongExpectedVersion', streamName, expected: options.expectedRevision, actual: current ?? 'no_stream' });
      }
      events.forEach(write);
      const last = stream[stream.length - 1];
      return E.right({ nextExpectedRevision: last.revision, position: last.position });
    },
    async appendToStreams(appends) {
      store.appendTimes.push(Date.now());
      await turn();
      const otherFirst = store.otherProcessAppends > 0;
      if (otherFirst) store.otherProcessAppends--;
      for (const { streamName, expectedRevision } of appends) {
        const stream = streams.get(streamName) ?? [];
        const current = stream.length === 0 ? null : BigInt(stream.length - 1);
        if (otherFirst || !matches(expectedRevision, current)) {
          store.refused++;
          return E.left({ kind: 'WrongExpectedVersion', streamName, expected: expectedRevision, actual: current ?? 'no_stream' });
        }
      }
      const written = appends.map(({ streamName, events }) => {
        const stream = streams.get(streamName) ?? [];
        streams.set(streamName, stream);
        for (const e of events) stream.push({ ...e, streamName, revision: BigInt(stream.length), position: { commit: position, prepare: position++ }, created: new Date() });
        return { streamName, nextExpectedRevision: BigInt(stream.length - 1) };
      });
      return E.right({ position: { commit: position - 1n, prepare: position - 1n }, streams: written });
    },
    async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncGenerator<RecordedEvent> {
      store.readTimes.push(Date.now());
      await turn();
      const stream = [...(streams.get(streamName) ?? [])];
      const ordered = options.direction === 'backwards' ? stream.reverse() : stream;
      yield* ordered.slice(0, options.maxCount ?? ordered.length);
    },
    subscribeToAll: () => { throw new Error('not used by the command handler'); },
    headPosition: async () => null,
    close: async () => undefined,
  };
  return store;
};
