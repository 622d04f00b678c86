import {
  EventStore, HolderProcess, holdsValue, idempotencyStream, IdempotentRequestAnswered, IdempotentRequestReleased, IdempotentRequestStarted, MessageIdReserved, messageKeyStream,
  RecordedEvent, RecordKeyClaimed, recordKeyStream, recordStream, resourceRecordDecider,
} from '@support/domain';
import { ClaimRule } from './claims';
import { loadStream } from './stream-io';
import { processEnded, thisProcess } from './holder-process';

/**
 * Every kind of uniqueness claim of the service, each with its rule of release and expiry. A
 * manual ticket's uniqueness (one customer per contact, one open ticket per customer and task,
 * gapless numbers) needs no claim: each is an expected revision of its stream in the create's one
 * append (docs/architecture.md, "A create").
 *
 * | Kind | Key | Holder | Passes on |
 * |---|---|---|---|
 * | msg_id | account, msg_id | message | never: a repeated send answers with the first message |
 * | record key | account, resource, field, value | record | when the record holding it was written and no longer holds the value; a claimed record not written yet (its upsert is on its way, or failed) is written by the next upsert of the value, under the claimed id |
 * | Idempotency-Key | token, key | request | as soon as its request's process is known to have ended (same machine), or when its request neither answered nor gave it up within IDEMPOTENT_REQUEST_ABANDONED_MS (a process of another machine); released by a request whose answer is not worth repeating (5xx, 429) |
 */

interface MessageIdKey {
  readonly accountId: string;
  readonly msgId: string;
}

export const MESSAGE_ID: ClaimRule<MessageIdKey> = {
  kind: 'msg_id',
  stream: ({ accountId, msgId }) => messageKeyStream(accountId, msgId),
  claimed: ({ accountId }, owner, ctx): MessageIdReserved => ({ type: 'MessageIdReserved', data: { messageId: owner, accountId, reservedAt: ctx.now.toISOString() } }),
  holderOf: (last) => (last as MessageIdReserved).data.messageId,
};

export interface RecordKey {
  readonly accountId: string;
  readonly objectId: string;
  readonly field: string;
  /** The converted value. */
  readonly value: unknown;
}

/** Whether the record (with its events so far) holds the key's value; `unwritten` when it has no events yet. */
const recordKeyState = async (eventStore: EventStore, recordId: string, key: RecordKey): Promise<boolean | 'unwritten'> => {
  const { state } = await loadStream(eventStore, recordStream(recordId), resourceRecordDecider);
  if (state.kind === 'none') return 'unwritten';
  return state.record.objectId === key.objectId && holdsValue(state.record.data, key.field, key.value);
};

/** Whether the record (with its events so far) holds the key's value. */
export const recordHoldsKey = async (eventStore: EventStore, recordId: string, key: RecordKey): Promise<boolean> =>
  (await recordKeyState(eventStore, recordId, key)) === true;

export const RECORD_KEY: ClaimRule<RecordKey> = {
  kind: 'record key',
  stream: ({ accountId, objectId, field, value }) => recordKeyStream(accountId, objectId, field, value),
  claimed: ({ accountId, objectId, field }, owner): RecordKeyClaimed => ({ type: 'RecordKeyClaimed', data: { recordId: owner, accountId, objectId, field } }),
  holderOf: (last) => (last as RecordKeyClaimed).data.recordId,
  mayTakeOver: async (deps, key, holder) => (await recordKeyState(deps.eventStore, holder, key)) === false,
};

/** A claim's record of its holder's process, where the operating system names it. */
const withProcess = (holder: HolderProcess | null): { process?: HolderProcess } => (holder === null ? {} : { process: holder });

export interface IdempotencyKey {
  /** sha256 of the bearer token: keys are per token. */
  readonly tokenDigest: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly method: string;
  readonly path: string;
}

/**
 * A request of another machine (whose process cannot be asked) that started and neither answered nor
 * gave the key up within this long is taken as lost (its process died mid-command): the key passes
 * to the next repeat, which runs the command.
 */
export const IDEMPOTENT_REQUEST_ABANDONED_MS = 60_000;

/**
 * Whether the request that started on the key (its last event) may still answer: not when its
 * process has ended (known at once on the same machine), nor once IDEMPOTENT_REQUEST_ABANDONED_MS
 * has passed.
 */
export const idempotentRequestRunning = (last: RecordedEvent): boolean =>
  last.type === 'IdempotentRequestStarted'
  && Date.now() - last.created.getTime() < IDEMPOTENT_REQUEST_ABANDONED_MS
  && !processEnded((last.data as IdempotentRequestStarted['data']).process);

export const IDEMPOTENCY_KEY: ClaimRule<IdempotencyKey> = {
  kind: 'idempotency key',
  stream: ({ tokenDigest, key }) => idempotencyStream(tokenDigest, key),
  claimed: ({ fingerprint, method, path }, owner, ctx): IdempotentRequestStarted => ({
    type: 'IdempotentRequestStarted', data: { requestId: owner, ...withProcess(thisProcess()), fingerprint, method, path, startedAt: ctx.now.toISOString() },
  }),
  holderOf: (last) => (last.type === 'IdempotentRequestReleased' ? null : (last as IdempotentRequestStarted | IdempotentRequestAnswered).data.requestId),
  mayTakeOver: async (_deps, _key, _holder, last) => last.type === 'IdempotentRequestStarted' && !idempotentRequestRunning(last),
  released: (_key, holder, reason): IdempotentRequestReleased => ({ type: 'IdempotentRequestReleased', data: { requestId: holder, reason } }),
};
