import {
  CommandContext, Contact, HolderProcess, CustomerKeyClaimed, customerKeyStream, EventStore, holdsValue, idempotencyStream, IdempotentRequestAnswered, IdempotentRequestReleased,
  IdempotentRequestStarted, isOpenTicket, MessageIdReserved, messageKeyStream, NormalizedEmail, OpenTicketClaimed,
  OpenTicketReleased, openTicketStream, PhoneE164, RecordedEvent, RecordKeyClaimed, recordKeyStream, recordStream, resourceRecordDecider, ticketDecider, TicketState, ticketStream,
} from '@support/domain';
import { ClaimRule } from './claims';
import { WriteDeps } from './command-handler';
import { loadStream } from './stream-io';
import { processEnded, thisProcess } from './holder-process';
import { backoff, sleep } from './timers';

/**
 * Every kind of uniqueness claim of the service, each with its rule of release and expiry.
 *
 * | Kind | Key | Holder | Passes on |
 * |---|---|---|---|
 * | customer contact | account, phone or email | customer | never: the first claim holds for ever |
 * | msg_id | account, msg_id | message | never: a repeated send answers with the first message |
 * | record key | account, resource, field, value | record | when the record holding it was written and no longer holds the value; a claimed record not written yet (its upsert is on its way, or failed) is written by the next upsert of the value, under the claimed id |
 * | open-ticket slot | account, customer, requested task | ticket | when its ticket is no longer open, when its ticket did not appear within CLAIM_WAIT_MS of the claim or before its request's process ended, or to a forced create; released by a request that failed before its ticket existed |
 * | Idempotency-Key | token, key | request | as soon as its request's process is known to have ended (same machine), or when its request neither answered nor gave it up within IDEMPOTENT_REQUEST_ABANDONED_MS (a process of another machine); released by a request whose answer is not worth repeating (5xx, 429) |
 */

interface CustomerContactKey {
  readonly accountId: string;
  readonly contact: Contact;
}

export const CUSTOMER_CONTACT: ClaimRule<CustomerContactKey> = {
  kind: 'customer contact',
  stream: ({ accountId, contact: c }) =>
    customerKeyStream(accountId, c.kind === 'phone' ? { kind: 'phone', value: c.value as PhoneE164 } : { kind: 'email', value: c.value as NormalizedEmail }),
  claimed: ({ accountId, contact }, owner): CustomerKeyClaimed => ({ type: 'CustomerKeyClaimed', data: { customerId: owner, accountId, kind: contact.kind } }),
  holderOf: (last) => (last as CustomerKeyClaimed).data.customerId,
};

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

export interface OpenTicketSlotKey {
  readonly accountId: string;
  readonly customerId: string;
  /** The task the request selected, or null. */
  readonly taskId: string | null;
  /** forceCreateTicket: the claim takes the slot whatever holds it. */
  readonly forced: boolean;
}

/**
 * How long a claimed slot waits for its ticket: the request that claimed it is still evaluating its
 * task (data points, execute actions), which a create does within its deadline. A ticket that has
 * not appeared by then is not coming (its request failed or crashed), and the slot passes on.
 */
const CLAIM_WAIT_MS = 5_000;

/** A claim's record of its holder's process, where the operating system names it. */
const withProcess = (holder: HolderProcess | null): { process?: HolderProcess } => (holder === null ? {} : { process: holder });

export const loadTicket = async (eventStore: EventStore, ticketId: string): Promise<TicketState | null> =>
  (await loadStream(eventStore, ticketStream(ticketId), ticketDecider)).state;

/**
 * The slot holder's ticket, waiting while its request is still making it (until the claim expires,
 * its request's process is known to have ended, or the request's own deadline).
 */
const holderTicket = async (deps: WriteDeps, ticketId: string, holderProcess: HolderProcess | undefined, claimedAt: number, ctx: CommandContext): Promise<TicketState | null | 'undecided'> => {
  const expires = claimedAt + CLAIM_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const ticket = await loadTicket(deps.eventStore, ticketId);
    if (ticket !== null || Date.now() >= expires || processEnded(holderProcess)) return ticket;
    if (ctx.deadline !== undefined && Date.now() + 15 >= ctx.deadline) return 'undecided';
    await (attempt < 4 ? backoff(attempt) : sleep(15));
  }
};

export const OPEN_TICKET_SLOT: ClaimRule<OpenTicketSlotKey> = {
  kind: 'open-ticket slot',
  stream: ({ accountId, customerId, taskId }) => openTicketStream(accountId, customerId, taskId),
  claimed: ({ accountId, customerId, taskId, forced }, owner): OpenTicketClaimed => ({
    type: 'OpenTicketClaimed', data: { ticketId: owner, accountId, customerId, taskId, forced, ...withProcess(thisProcess()) },
  }),
  holderOf: (last) => (last.type === 'OpenTicketClaimed' ? (last as OpenTicketClaimed).data.ticketId : null),
  unconditional: (key) => key.forced,
  mayTakeOver: async (deps, key, holder, last, ctx) => {
    const ticket = await holderTicket(deps, holder, (last as RecordedEvent<string, OpenTicketClaimed['data']>).data.process, last.created.getTime(), ctx);
    return ticket === 'undecided' ? ticket : ticket === null || !isOpenTicket(ticket);
  },
  released: ({ accountId }, holder, reason): OpenTicketReleased => ({ type: 'OpenTicketReleased', data: { ticketId: holder, accountId, reason } }),
};

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
