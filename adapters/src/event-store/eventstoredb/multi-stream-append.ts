import {
  AppendStreamRequest,
  AppendStreamState,
  EventData as KurrentEventData,
  jsonEvent,
  JSONType,
  KurrentDBClient,
  MultiAppendResult,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
// The method the client itself checks before a multi-stream append (its `multiStreamAppend` throws UnsupportedError without it).
import { StreamsServiceService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb';
import { Either, left, right } from 'fp-ts/Either';
import { EventData, EventMetadata, ExpectedRevision, MultiStreamAppendResult, StreamAppend, WrongExpectedVersion } from '@support/domain';
import { toClientExpectedRevision } from './expected-revision';

/**
 * The multi-stream append over KurrentDB 25.1 or later, with `@kurrent/kurrentdb-client` (the renamed
 * successor of `@eventstore/db-client`, which has no multi-stream append). The rest of the adapter
 * stays on the old client.
 */

/** What the server tells of itself: KurrentDBClient's ServerFeatures. */
export interface ServerCapabilities {
  /** e.g. "25.1.0"; "unknown" when the server does not tell (before 21.10). */
  readonly serverVersion: string;
  supports(method: { readonly path: string }): boolean;
}

/** What the adapter uses of KurrentDBClient (a stand-in in tests). */
export interface MultiStreamAppendClient {
  multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult>;
  /** Fetched once per client and cached by it. */
  readonly capabilities: Promise<ServerCapabilities>;
  dispose(): Promise<void>;
}

/** EVENTSTORE_URL's scheme as each client accepts it: the old client only esdb, the new one warns on esdb (deprecated). */
const SCHEME = /^(?:esdb|kurrentdb|kurrent|kdb)(\+discover)?:\/\//;
export const esdbConnectionString = (url: string): string => url.replace(SCHEME, 'esdb$1://');
export const kurrentConnectionString = (url: string): string => url.replace(SCHEME, 'kurrentdb$1://');

export function connectMultiStreamClient(connectionString: string): MultiStreamAppendClient {
  const client = KurrentDBClient.connectionString(kurrentConnectionString(connectionString));
  // `capabilities` is protected in the client's typings but is how the client itself learns the
  // server's version and methods; read it through this interface rather than guess from the version.
  return client as unknown as MultiStreamAppendClient;
}

export const multiStreamAppendRefusal = (serverVersion: string): string =>
  `EVENTSTORE_URL names a server without multi-stream append (KurrentDB 25.1 or later is needed; found ${serverVersion})`;

/** Fails, naming the server's version, unless the server has the multi-stream append (its v2 AppendSession). */
export async function assertServerHasMultiStreamAppend(client: MultiStreamAppendClient): Promise<void> {
  const capabilities = await client.capabilities;
  if (!capabilities.supports(StreamsServiceService.appendSession)) throw new Error(multiStreamAppendRefusal(capabilities.serverVersion));
}

/** Both clients name the expected states with the port's own words ('any', 'no_stream', 'stream_exists') or a revision. */
export const toAppendStreamState = (expected: ExpectedRevision): AppendStreamState => toClientExpectedRevision(expected);

/**
 * The multi-stream append takes metadata only as string properties (client 1.x: "a plain object with
 * string keys and string values"); the server keeps them and gives them back, on a read, as a JSON
 * object with `$schema.name` and `$schema.format` added. So each value goes as its JSON text and
 * comes back parsed (fromPropertyMetadata): the metadata reads as it was appended.
 */
export function toPropertyMetadata(metadata: EventMetadata): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    const text = JSON.stringify(value);
    if (text !== undefined) properties[key] = text; // undefined values are left out, as a JSON body does
  }
  return properties;
}

const SCHEMA_NAME = '$schema.name';
const SCHEMA_KEY_PREFIX = '$schema.';

/**
 * Metadata as read: when written by the multi-stream append (the server added `$schema.name`), its
 * values parsed back from their JSON text and the server's `$schema.*` keys dropped; any other as it is
 * (and as it is too when a value is not JSON text: an event another tool wrote with properties).
 */
export function fromPropertyMetadata(metadata: EventMetadata): EventMetadata {
  if (!Object.prototype.hasOwnProperty.call(metadata, SCHEMA_NAME)) return metadata;
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (key.startsWith(SCHEMA_KEY_PREFIX)) continue;
    if (typeof value !== 'string') return metadata;
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      return metadata;
    }
  }
  return decoded as EventMetadata;
}

export function toKurrentEvent(event: EventData): KurrentEventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // Library boundary: the client types JSON data as object, array or string; any JSON value serializes.
    data: event.data as JSONType,
    metadata: toPropertyMetadata(event.metadata),
  });
}

/**
 * Appends every stream's events or none. The server checks each stream's revision and names the
 * first that did not hold (StreamRevisionConflict, which the client throws as WrongExpectedVersionError);
 * a retry of a written append (the same event ids at the same revisions) is answered as the original.
 */
export async function appendToStreamsWith(
  client: MultiStreamAppendClient,
  appends: readonly StreamAppend[],
): Promise<Either<WrongExpectedVersion, MultiStreamAppendResult>> {
  const requests = appends.map((a) => ({ streamName: a.streamName, events: a.events.map(toKurrentEvent), expectedState: toAppendStreamState(a.expectedRevision) }));
  let result: MultiAppendResult;
  try {
    result = await client.multiStreamAppend(requests);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return left(toWrongExpectedVersion(error, appends));
    throw error;
  }
  return right(toMultiStreamAppendResult(result, appends));
}

/** commit = prepare = the returned position (the last event's, as a single append reports it); revisions in the order of the request. */
export function toMultiStreamAppendResult(result: MultiAppendResult, appends: readonly StreamAppend[]): MultiStreamAppendResult {
  const revisions = new Map(result.responses.map((r) => [r.streamName, r.revision]));
  const streams = appends.map(({ streamName }) => {
    const nextExpectedRevision = revisions.get(streamName);
    if (nextExpectedRevision === undefined) throw new Error(`KurrentDB answered the multi-stream append without stream ${streamName}`);
    return { streamName, nextExpectedRevision };
  });
  return { position: { commit: result.position, prepare: result.position }, streams };
}

/** The port's failure: `expected` as the caller asked it for that stream, `actual` as the server reported it. */
export function toWrongExpectedVersion(error: WrongExpectedVersionError, appends: readonly StreamAppend[]): WrongExpectedVersion {
  const asked = appends.find((a) => a.streamName === error.streamName);
  const actual = error.actualState;
  return {
    kind: 'WrongExpectedVersion',
    streamName: error.streamName,
    expected: asked?.expectedRevision ?? error.expectedState,
    // The server reports a missing stream as -1 ("no_stream" once the client has read it).
    actual: actual === 'no_stream' || actual < 0n ? 'no_stream' : actual,
  };
}
