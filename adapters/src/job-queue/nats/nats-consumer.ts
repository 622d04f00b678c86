import type { ConsumerHandle, DeadLetter, Job, JobHandler, JobLease } from '@support/domain';
import type { JetStreamClient, JsMsg } from 'nats';
import type { ConsumerSettings } from '../consumer-settings';
import { overdueReason, runHandler, settle } from '../settlement';
import { HandlerSlots } from './handler-slots';
import { decodeJob, toJob } from './job-envelope';
import { jobStream } from './nats-names';

type Handler = JobHandler;

/** Sends a job to its kind's dead letter; resolves once the server has stored it. */
type BuryJob = (letter: DeadLetter) => Promise<void>;

/**
 * Pulls jobs from the durable consumer and runs up to `concurrency` handlers at once. The
 * server's delivery count drives retries and the dead letter; an outcome reached after ackWait
 * is dropped, because the server has already handed the job out again.
 */
export async function startNatsConsumer(
  js: JetStreamClient,
  kind: string,
  settings: ConsumerSettings,
  handler: Handler,
  bury: BuryJob,
): Promise<ConsumerHandle> {
  const consumer = await js.consumers.get(jobStream(kind), settings.consumer);
  const messages = await consumer.consume({ max_messages: settings.concurrency });
  const slots = new HandlerSlots(settings.concurrency);
  const inHand = new Set<Promise<void>>();
  let stopping = false;
  const track = (handling: Promise<void>): void => {
    // When the dead letter cannot be stored the message stays unacked, and the server offers it again after ackWait.
    const work = handling.catch(() => undefined).finally(() => inHand.delete(work));
    inHand.add(work);
  };

  const pulling = (async () => {
    try {
      for await (const msg of messages) {
        const receivedAt = Date.now();
        if (msg.info.deliveryCount > settings.maxDeliver) {
          // The last allowed delivery got no outcome: burying it takes no handler slot.
          track(buryOverdue(msg, kind, settings, bury));
          continue;
        }
        await slots.take();
        if (stopping) {
          slots.give();
          msg.nak();
          continue;
        }
        track(handleDelivery(msg, receivedAt, kind, settings, handler, bury).finally(() => slots.give()));
      }
    } catch {
      // The client ends the iterator with an error only when the consumer is gone for good;
      // this consumer then takes no more jobs, and stop() still waits for the ones in hand.
    }
  })();

  let stopped: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    stopping = true;
    await messages.close();
    await pulling;
    while (inHand.size > 0) await Promise.all(inHand);
  };
  return { stop: () => (stopped ??= stop()) };
}

async function handleDelivery(msg: JsMsg, receivedAt: number, kind: string, settings: ConsumerSettings, handler: Handler, bury: BuryJob): Promise<void> {
  const deliveryCount = msg.info.deliveryCount;
  const envelope = decodeJob(msg.data);
  if (envelope === null) {
    await bury({ job: unreadableJob(msg, kind), reason: 'the job message is not a job envelope', deadAt: new Date() });
    msg.term();
    return;
  }
  let leaseFrom = receivedAt;
  if (isOverdue(leaseFrom, settings)) return;
  const lease: JobLease = {
    // +WPI: the server restarts this delivery's ackWait timer.
    extend: async () => {
      if (isOverdue(leaseFrom, settings)) return false;
      msg.working();
      leaseFrom = Date.now();
      return true;
    },
  };
  const result = await runHandler(handler, toJob(envelope, deliveryCount), lease);
  if (isOverdue(leaseFrom, settings)) return;
  const settlement = settle(result, deliveryCount, settings);
  switch (settlement.type) {
    case 'ack':
      msg.ack();
      return;
    case 'redeliver':
      msg.nak(settlement.delayMs);
      return;
    case 'dead':
      await bury({ job: toJob(envelope, deliveryCount), reason: settlement.reason, deadAt: new Date() });
      msg.term();
      return;
  }
}

async function buryOverdue(msg: JsMsg, kind: string, settings: ConsumerSettings, bury: BuryJob): Promise<void> {
  const envelope = decodeJob(msg.data);
  const job = envelope === null ? unreadableJob(msg, kind) : toJob(envelope, settings.maxDeliver);
  await bury({ job, reason: overdueReason(settings), deadAt: new Date() });
  msg.term();
}

/** Past ackWait (from delivery or the last lease extension) the server redelivers the job, so whatever this delivery decides no longer counts. */
function isOverdue(leaseFrom: number, settings: ConsumerSettings): boolean {
  return Date.now() - leaseFrom >= settings.ackWaitMs;
}

function unreadableJob(msg: JsMsg, kind: string): Job {
  return {
    id: `${jobStream(kind)}-${msg.seq}`,
    kind,
    payload: new TextDecoder().decode(msg.data),
    dedupeId: msg.headers?.get('Nats-Msg-Id') ?? '',
    deliveryCount: msg.info.deliveryCount,
    publishedAt: new Date(msg.info.timestampNanos / 1e6),
  };
}
