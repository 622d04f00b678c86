import * as E from 'fp-ts/Either';
import {
  Clock, CommandContext, ErasureLedger, IdGenerator, customerDecider, customerStream, EventStore, IDEMPOTENCY_ANSWERS_COLLECTION, IDEMPOTENCY_ANSWERS_PROJECTION, Job, JobOutcome,
  Logger, MESSAGES_COLLECTION, MESSAGES_PROJECTION, messageStream, PersonalDataErasure, ProjectionProgress, ReadModels, ReadDocument, RECORDS_COLLECTION, RECORDS_PROJECTION,
  recordStream, sealedEnvelopeOf, separatePersonal, TicketDocument, TICKETS_COLLECTION, TICKETS_PROJECTION, ticketStream,
} from '@support/domain';
import { handleCustomer, loadStream } from '@support/event-sourcing';
import { CustomerErasureJob, isCustomerErasureJob } from './customer-erasure-job';

export interface CustomerErasureWorkerDeps {
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly personalData: PersonalDataErasure;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly logger: Logger;
  /** Where erasures done are kept outside the data directory (ERASURES_FILE), when the operator keeps one. */
  readonly erasureLedger?: ErasureLedger;
}

export const CUSTOMER_ERASURE_WORKER = 'worker:customer-erasure';

/** How long the job waits for the read models to reach the log's head before it tries again. */
const READ_MODEL_WAIT_MS = 30_000;

/** The read models the erasure finds the customer's streams in, and that put placeholders in their documents after it. */
const READ_MODELS_OF_ERASURE = [TICKETS_PROJECTION, RECORDS_PROJECTION, MESSAGES_PROJECTION, IDEMPOTENCY_ANSWERS_PROJECTION];

/** The ids of the documents of a collection that match any of these conditions, sorted. */
const idsWhere = async (readModels: ReadModels, collection: string, conditions: readonly Record<string, string>[]): Promise<string[]> => {
  const ids = new Set<string>();
  for (const where of conditions) for (const doc of await readModels.find<ReadDocument>(collection, { where })) ids.add(doc._id);
  return [...ids].sort();
};

/** The personal values of some streams as the log stores them: the keys that seal them, and the events that hold any in the clear. */
interface StreamsRead {
  readonly keyIds: readonly string[];
  readonly events: number;
  readonly inTheClear: number;
}

const readSealed = async (eventStore: EventStore, streams: readonly string[]): Promise<StreamsRead> => {
  const keyIds: string[] = [];
  let inTheClear = 0;
  for (const stream of streams) {
    for await (const event of eventStore.readStream(stream, { asStored: true })) {
      const envelope = sealedEnvelopeOf(event.data);
      if (envelope !== null) keyIds.push(envelope.k);
      else if (separatePersonal(event.type, event.data) !== null) inTheClear++;
    }
  }
  return { keyIds, events: keyIds.length, inTheClear };
};

/** The erasure done, in the ledger kept outside the data directory (if any): asked again on a log restored from an older backup. */
const keepInLedger = async (deps: CustomerErasureWorkerDeps, target: CustomerErasureJob, requestedAt: string, erasedAt: Date) => {
  if (deps.erasureLedger === undefined) return;
  await deps.erasureLedger.record({ accountId: target.accountId, customerId: target.customerId, erasureId: target.erasureId, requestedAt, erasedAt: erasedAt.toISOString() });
};

/** Why an erasure of a log written before sealing is refused, and what the operator can do (docs/api/erasure.md). */
export const inTheClearReason = (count: number): string =>
  `${count} event${count === 1 ? '' : 's'} of this customer ${count === 1 ? 'was' : 'were'} written before personal values were sealed in the log: ` +
  'their values are in the clear, and rewriting them would break the log\'s proofs, so nothing was erased. ' +
  'The operator can move the desk to a new log that seals every event (docs/operations.md, Erasure).';

/**
 * One erasure (docs/api/erasure.md): once no create that read the customer before the request can
 * still append (ERASURE_GRACE_MS) and the read models have every ticket and record written by then,
 * the sealed personal values of the customer's stream, of every ticket of theirs, of every
 * resource record linked to them, of every template message sent to their phones and of every
 * answer kept for an Idempotency-Key that names any of these are erased by deleting their keys; then CustomerErased records
 * what was done (no erased value in it), and the read models put placeholders in their documents. A log holding any of those values in the clear
 * is refused whole (CustomerErasureRefused), nothing deleted. Safe to run again: keys already
 * deleted count as deleted, and the erasure is recorded once.
 */
export const eraseCustomer = (deps: CustomerErasureWorkerDeps) => async (job: Job): Promise<JobOutcome> => {
  if (!isCustomerErasureJob(job.payload)) return { type: 'fail', reason: 'job payload is not a customer erasure' };
  const target = job.payload;
  const wait = target.dueAt - deps.clock.now().getTime();
  if (wait > 0) return { type: 'retry', delayMs: wait, reason: 'creates that read the customer before the request may still append' };

  const { state: customer } = await loadStream(deps.eventStore, customerStream(target.customerId), customerDecider);
  if (customer === null || customer.erasure?.erasureId !== target.erasureId) return { type: 'ack' };
  if (customer.erasure.status === 'erased') {
    // Recorded by an earlier delivery that stopped before the read models' files were cut.
    await deps.readModels.forgetReplaced?.();
    return { type: 'ack' };
  }
  if (customer.erasure.status !== 'requested') return { type: 'ack' };
  const head = await deps.eventStore.headPosition();
  if (head !== null && !(await deps.progress.waitFor(READ_MODELS_OF_ERASURE, head, READ_MODEL_WAIT_MS))) {
    return { type: 'retry', delayMs: 1_000, reason: 'the read models are behind the log' };
  }
  const { accountId } = target;
  const ofCustomer = { where: { accountId, customerId: target.customerId } };
  const ticketIds = (await deps.readModels.find<TicketDocument>(TICKETS_COLLECTION, ofCustomer)).map((t) => t._id).sort();
  const recordIds = (await deps.readModels.find<ReadDocument>(RECORDS_COLLECTION, ofCustomer)).map((r) => r._id).sort();
  // Template messages sent to the customer's phones, and the answers kept for Idempotency-Keys that name the customer or what was theirs.
  const messageIds = await idsWhere(deps.readModels, MESSAGES_COLLECTION, customer.phones.map((to) => ({ accountId, to })));
  const answerStreams = await idsWhere(deps.readModels, IDEMPOTENCY_ANSWERS_COLLECTION,
    [target.customerId, ...ticketIds, ...recordIds, ...messageIds].map((subject) => ({ accountId, subjects: subject })));
  const streams = [customerStream(target.customerId), ...ticketIds.map(ticketStream), ...recordIds.map(recordStream), ...messageIds.map(messageStream), ...answerStreams];
  const read = await readSealed(deps.eventStore, streams);

  const now = deps.clock.now();
  const ctx: CommandContext = {
    accountId: target.accountId, userId: CUSTOMER_ERASURE_WORKER, requestId: job.id, now, causationId: target.causationId,
    ...(target.correlationId !== null ? { correlationId: target.correlationId } : {}),
  };
  if (read.inTheClear > 0) {
    const refused = await handleCustomer(deps, customerStream(target.customerId), { type: 'RefuseErasure', erasureId: target.erasureId, reason: inTheClearReason(read.inTheClear), at: now }, ctx);
    if (E.isLeft(refused)) throw new Error(`the refusal of erasure ${target.erasureId} could not be recorded: ${refused.left.kind}`);
    deps.logger.warn('customer erasure refused: events hold personal values in the clear', { erasureId: target.erasureId, accountId: target.accountId, events: read.inTheClear });
    return { type: 'ack' };
  }
  // Kept outside the data directory first: a backup taken before this moment gets the erasure again once restored.
  await keepInLedger(deps, target, customer.erasure.requestedAt, now);
  await deps.personalData.eraseKeys(read.keyIds);
  const counts = { streams: streams.length, events: read.events, keys: read.keyIds.length };
  const completed = await handleCustomer(deps, customerStream(target.customerId), { type: 'CompleteErasure', erasureId: target.erasureId, counts, ticketIds, messageIds, at: now }, ctx);
  if (E.isLeft(completed)) throw new Error(`erasure ${target.erasureId} could not be recorded: ${completed.left.kind}`);
  // The read models replace the values with placeholders as they apply the erasure; then no old copy stays in their files.
  const appended = completed.right.appended?.position;
  if (appended !== undefined && (await deps.progress.waitFor(READ_MODELS_OF_ERASURE, appended, READ_MODEL_WAIT_MS))) await deps.readModels.forgetReplaced?.();
  deps.logger.info('customer erased', { erasureId: target.erasureId, accountId: target.accountId, ...counts });
  return { type: 'ack' };
};
