import { expect } from 'chai';
import { EventStoreDBClient, ResolvedEvent } from '@eventstore/db-client';
import { AppendStreamRequest, convertToCommandError, MultiAppendResult, UnsupportedError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { Status } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb';
import { StreamRevisionConflictErrorDetails } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/errors_pb';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { EventMetadata, StreamAppend } from '@support/domain';
import { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import {
  connectMultiStreamClient,
  esdbConnectionString,
  fromPropertyMetadata,
  kurrentConnectionString,
  MultiStreamAppendClient,
  multiStreamAppendRefusal,
  ServerCapabilities,
  toPropertyMetadata,
} from '@support/adapters/dist/event-store/eventstoredb/multi-stream-append';
import { collect, newEvent, newEvents } from './events';

/**
 * The EventStoreDB adapter's multi-stream append (`@kurrent/kurrentdb-client`) over a stand-in for
 * that client, for what the contract run cannot show without a KurrentDB 25.1 server: the mapping of
 * expected revisions, events, results and errors, the metadata's way there and back, and the refusal
 * of a server without the multi-stream append.
 */

const APPEND_SESSION = '/kurrentdb.protocol.v2.streams.StreamsService/AppendSession';

/** The server's answer to a revision that did not hold, as KurrentDB 25.1 sends it (FAILED_PRECONDITION with StreamRevisionConflictErrorDetails), through the client's own error mapping. */
function revisionConflict(stream: string, expectedRevision: bigint, actualRevision: bigint): Error {
  const details = new StreamRevisionConflictErrorDetails();
  details.setStream(stream);
  details.setExpectedRevision(String(expectedRevision));
  details.setActualRevision(String(actualRevision));
  const any = new Any();
  any.setTypeUrl('type.googleapis.com/kurrentdb.protocol.v2.streams.errors.StreamRevisionConflictErrorDetails');
  any.setValue(details.serializeBinary());
  const status = new Status().setCode(9).setMessage('revision conflict').setDetails(any);
  const statusBin = Buffer.from(status.serializeBinary());
  const grpcError = Object.assign(new Error('9 FAILED_PRECONDITION: revision conflict'), {
    code: 9,
    details: 'revision conflict',
    metadata: { get: (key: string) => (key === 'grpc-status-details-bin' ? [statusBin] : []), getMap: () => ({}) },
  });
  return convertToCommandError(grpcError as never);
}

class FakeKurrentClient implements MultiStreamAppendClient {
  readonly requests: AppendStreamRequest[][] = [];
  readonly asked: string[] = [];
  disposed = false;
  answer: (requests: AppendStreamRequest[]) => Promise<MultiAppendResult> = async (requests) => ({
    position: 100n,
    responses: requests.map((r, i) => ({ streamName: r.streamName, revision: BigInt(i) })),
  });
  server: { version: string; methods: string[] } = { version: '25.1.0', methods: [APPEND_SESSION] };

  async multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult> {
    this.requests.push(requests);
    return this.answer(requests);
  }

  get capabilities(): Promise<ServerCapabilities> {
    const { version, methods } = this.server;
    return Promise.resolve({
      serverVersion: version,
      supports: (method: { readonly path: string }) => {
        this.asked.push(method.path);
        return methods.includes(method.path);
      },
    });
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

/** The old client, for reads and close only. */
class FakeEsdbClient {
  disposed = false;
  stream: ResolvedEvent[] = [];

  readStream() {
    const events = this.stream;
    return (async function* () {
      yield* events;
    })();
  }

  async dispose() {
    this.disposed = true;
  }
}

describe('EventStoreDbEventStore multi-stream append over a stand-in KurrentDB client', () => {
  let kurrent: FakeKurrentClient;
  let esdb: FakeEsdbClient;
  const storeOver = (withKurrent = true) =>
    new EventStoreDbEventStore(esdb as unknown as EventStoreDBClient, {}, withKurrent ? kurrent : null);

  beforeEach(() => {
    kurrent = new FakeKurrentClient();
    esdb = new FakeEsdbClient();
  });

  describe('appendToStreams', () => {
    it('given streams with each kind of expected revision, when appended, then one multi-stream append goes out with them in order, as JSON events with their ids', async () => {
      const [a, b, c, d] = [newEvents(1), newEvents(2), newEvents(1), newEvents(1)];
      await storeOver().appendToStreams([
        { streamName: 'customer_key-1', events: a, expectedRevision: 'no_stream' },
        { streamName: 'customer-1', events: b, expectedRevision: 0n },
        { streamName: 'ticket_number-1', events: c, expectedRevision: 'any' },
        { streamName: 'ticket-1', events: d, expectedRevision: 'stream_exists' },
      ]);
      expect(kurrent.requests).to.have.length(1);
      const sent = kurrent.requests[0];
      expect(sent.map((r) => [r.streamName, r.expectedState])).to.deep.equal([
        ['customer_key-1', 'no_stream'],
        ['customer-1', 0n],
        ['ticket_number-1', 'any'],
        ['ticket-1', 'stream_exists'],
      ]);
      expect(sent[1].events.map((e) => e.id)).to.deep.equal(b.map((e) => e.id));
      expect(sent[1].events[0]).to.deep.include({ contentType: 'application/json', type: b[0].type, data: b[0].data });
    });

    it('given an event with metadata of several types, when appended, then its metadata goes as string properties (the client takes no other), each the JSON text of its value', async () => {
      const event = { ...newEvent(), metadata: { version: 2, accountId: 'acc-1', replayed: false, tags: ['a'], absent: undefined } };
      await storeOver().appendToStreams([{ streamName: 'ticket-1', events: [event], expectedRevision: 'any' }]);
      expect(kurrent.requests[0][0].events[0].metadata).to.deep.equal({ version: '2', accountId: '"acc-1"', replayed: 'false', tags: '["a"]' });
    });

    it('given the server answers, when appended, then the result has its position as commit and prepare, and each stream its revision in the order of the request', async () => {
      kurrent.answer = async () => ({ position: 4242n, responses: [{ streamName: 'ticket-1', revision: 7n }, { streamName: 'customer-1', revision: 0n }] });
      const result = await storeOver().appendToStreams([
        { streamName: 'customer-1', events: newEvents(1), expectedRevision: 'no_stream' },
        { streamName: 'ticket-1', events: newEvents(2), expectedRevision: 5n },
      ]);
      expect(result).to.deep.equal({
        _tag: 'Right',
        right: {
          position: { commit: 4242n, prepare: 4242n },
          streams: [{ streamName: 'customer-1', nextExpectedRevision: 0n }, { streamName: 'ticket-1', nextExpectedRevision: 7n }],
        },
      });
    });

    for (const [expected, actualRevision, actual] of [
      [0n, 1n, 1n],
      [3n, -1n, 'no_stream'],
      ['no_stream', 0n, 0n],
      ['stream_exists', -1n, 'no_stream'],
    ] as const) {
      it(`given the server's revision conflict on the second stream (expected ${String(expected)}, actual ${actualRevision}), when appended, then the Left value names that stream, what was asked and ${String(actual)}`, async () => {
        const wire = expected === 'no_stream' ? -1n : expected === 'stream_exists' ? -4n : expected;
        kurrent.answer = async () => {
          throw revisionConflict('open_ticket-1', wire, actualRevision);
        };
        const result = await storeOver().appendToStreams([
          { streamName: 'customer_key-1', events: newEvents(1), expectedRevision: 'no_stream' },
          { streamName: 'open_ticket-1', events: newEvents(1), expectedRevision: expected },
        ]);
        expect(result).to.deep.equal({ _tag: 'Left', left: { kind: 'WrongExpectedVersion', streamName: 'open_ticket-1', expected, actual } });
      });
    }

    it('given the older form of the error (metadata, actual -1), when appended, then the missing stream reads as no_stream', async () => {
      kurrent.answer = async () => {
        throw new WrongExpectedVersionError(undefined, { streamName: 'ticket-1', expected: 2n, current: -1n });
      };
      const result = await storeOver().appendToStreams([{ streamName: 'ticket-1', events: newEvents(1), expectedRevision: 2n }]);
      expect(result).to.deep.equal({ _tag: 'Left', left: { kind: 'WrongExpectedVersion', streamName: 'ticket-1', expected: 2n, actual: 'no_stream' } });
    });

    it('given a server without the multi-stream append, when appended, then the client\'s UnsupportedError is thrown, not turned into a value', async () => {
      kurrent.answer = async () => {
        throw new UnsupportedError('multiStreamAppend', '25.1');
      };
      const failure = await storeOver().appendToStreams([{ streamName: 'ticket-1', events: newEvents(1), expectedRevision: 'any' }]).catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(UnsupportedError);
    });

    const malformed: [string, StreamAppend[]][] = [
      ['no stream', []],
      ['one stream twice', [
        { streamName: 'ticket-1', events: newEvents(1), expectedRevision: 'any' },
        { streamName: 'ticket-1', events: newEvents(1), expectedRevision: 'any' },
      ]],
    ];
    for (const [what, appends] of malformed) {
      it(`given ${what}, when appended, then it fails as the caller's mistake and nothing goes out`, async () => {
        const failure = await storeOver().appendToStreams(appends).catch((e: unknown) => e);
        expect(failure).to.be.instanceOf(TypeError);
        expect(kurrent.requests).to.deep.equal([]);
      });
    }

    it('given a store made without a KurrentDB client, when appended, then it fails saying so', async () => {
      const failure = await storeOver(false).appendToStreams([{ streamName: 'ticket-1', events: newEvents(1), expectedRevision: 'any' }]).catch((e: unknown) => e);
      expect(String(failure)).to.contain('without a KurrentDB client');
    });
  });

  describe('metadata written as properties', () => {
    const appended: EventMetadata = { version: 1, accountId: 'acc-1', userId: 'u-1', correlationId: 'c-1', attempt: 3, flags: { urgent: true } };
    /** What a read gives back: the properties as a JSON object, with the server's `$schema.*` keys added. */
    const asRead = { ...toPropertyMetadata(appended), '$schema.name': 'TicketCreated', '$schema.format': 'Json' } as unknown as EventMetadata;

    it('given metadata as the server gives it back, when decoded, then it is the metadata appended', () => {
      expect(fromPropertyMetadata(asRead)).to.deep.equal(appended);
    });

    it('given metadata written by a single append (no $schema.name), when decoded, then it is left as it is', () => {
      const plain: EventMetadata = { version: 1, note: '"quoted"' };
      expect(fromPropertyMetadata(plain)).to.equal(plain);
    });

    it('given properties another tool wrote (not JSON text), when decoded, then they are left as they are', () => {
      const foreign = { version: 1, source: 'OrderProcessingSystem', '$schema.name': 'OrderPlaced' } as unknown as EventMetadata;
      expect(fromPropertyMetadata(foreign)).to.equal(foreign);
    });

    it('given an event of a multi-stream append, when read through the old client, then its metadata is the one appended', async () => {
      esdb.stream = [{
        event: {
          streamId: 'ticket-1', id: '00000000-0000-4000-8000-000000000001', revision: 0n, type: 'TicketCreated', isJson: true,
          created: new Date(0), data: { subject: 'Printer' }, metadata: asRead, position: { commit: 9n, prepare: 9n },
        },
      }];
      const [read] = await collect(storeOver().readStream('ticket-1'));
      expect(read.metadata).to.deep.equal(appended);
    });
  });

  describe('assertMultiStreamAppend (at the start)', () => {
    it('given KurrentDB 25.1 (it has AppendSession), when checked, then it passes, asking for the method the client itself needs', async () => {
      await storeOver().assertMultiStreamAppend();
      expect(kurrent.asked).to.deep.equal([APPEND_SESSION]);
    });

    it('given EventStoreDB 24.10 (no AppendSession), when checked, then it fails naming what is needed and what was found', async () => {
      kurrent.server = { version: '24.10.6', methods: [] };
      const failure = await storeOver().assertMultiStreamAppend().catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.equal('EVENTSTORE_URL names a server without multi-stream append (KurrentDB 25.1 or later is needed; found 24.10.6)');
      expect((failure as Error).message).to.equal(multiStreamAppendRefusal('24.10.6'));
    });

    it('given a server too old to tell its version, when checked, then it fails with found unknown', async () => {
      kurrent.server = { version: 'unknown', methods: [] };
      const failure = await storeOver().assertMultiStreamAppend().catch((e: unknown) => e);
      expect((failure as Error).message).to.contain('found unknown');
    });
  });

  describe('connection', () => {
    it('given EVENTSTORE_URL in either scheme, when connecting, then the old client gets esdb and the new one kurrentdb', () => {
      expect(kurrentConnectionString('esdb://eventstoredb:2113?tls=false')).to.equal('kurrentdb://eventstoredb:2113?tls=false');
      expect(kurrentConnectionString('esdb+discover://a:2113,b:2113')).to.equal('kurrentdb+discover://a:2113,b:2113');
      expect(kurrentConnectionString('kurrentdb://h:2113')).to.equal('kurrentdb://h:2113');
      expect(esdbConnectionString('kurrentdb://h:2113?tls=false')).to.equal('esdb://h:2113?tls=false');
      expect(esdbConnectionString('esdb://h:2113')).to.equal('esdb://h:2113');
    });

    it('given an esdb:// URL, when the KurrentDB client is made (nothing connects yet), then it is one with the multi-stream append and the capabilities the check reads', async () => {
      const client = connectMultiStreamClient('esdb://localhost:2113?tls=false');
      try {
        expect(client.multiStreamAppend).to.be.a('function');
        expect('capabilities' in client).to.equal(true);
      } finally {
        await client.dispose();
      }
    });

    it('given a store, when closed, then both clients are disposed', async () => {
      await storeOver().close();
      expect(esdb.disposed).to.equal(true);
      expect(kurrent.disposed).to.equal(true);
    });
  });
});
