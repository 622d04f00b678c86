import { AckPolicy, DeliverPolicy, NatsError, RetentionPolicy, StorageType, nanos, type JetStreamManager, type StreamConfig, type StreamInfo } from 'nats';
import type { ConsumerSettings } from '../consumer-settings';
import { deadStream, deadSubject, jobStream, jobSubject } from './nats-names';

const DEDUPE_WINDOW_MS = 24 * 60 * 60_000;
const STREAM_NOT_FOUND = 10059;
const SECOND_WORKQUEUE_CONSUMER = 10099;

/** The work queue of a kind: each job is kept until a consumer acks or terms it, dedupe ids for 24 h. */
export function ensureJobStream(jsm: JetStreamManager, kind: string): Promise<void> {
  return ensureStream(jsm, {
    name: jobStream(kind),
    subjects: [jobSubject(kind)],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    duplicate_window: nanos(DEDUPE_WINDOW_MS),
  });
}

/** The dead letters of a kind, kept until an operator removes them. */
export function ensureDeadStream(jsm: JetStreamManager, kind: string): Promise<void> {
  return ensureStream(jsm, {
    name: deadStream(kind),
    subjects: [deadSubject(kind)],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(DEDUPE_WINDOW_MS),
  });
}

/**
 * Creates the durable pull consumer, or updates its ack wait and delivery limit. The server may
 * deliver once more than maxDeliver: that extra delivery is how the consumer learns that the last
 * allowed one got no outcome, and sends the job to the dead letter.
 */
export async function ensureDurableConsumer(jsm: JetStreamManager, kind: string, settings: ConsumerSettings): Promise<void> {
  try {
    await jsm.consumers.add(jobStream(kind), {
      durable_name: settings.consumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(settings.ackWaitMs),
      max_deliver: settings.maxDeliver + 1,
    });
  } catch (error) {
    if (apiErrorCode(error) === SECOND_WORKQUEUE_CONSUMER) {
      throw new Error(`job kind ${kind} already has another durable consumer; a work queue has one consumer name`, { cause: error });
    }
    throw error;
  }
}

/** The stream's info, or null when the server does not know it. */
export async function streamInfoOrNull(jsm: JetStreamManager, name: string): Promise<StreamInfo | null> {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (apiErrorCode(error) === STREAM_NOT_FOUND) return null;
    throw error;
  }
}

/** An existing stream is left as it is (an operator may have tuned its limits). */
async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  if ((await streamInfoOrNull(jsm, config.name)) !== null) return;
  await jsm.streams.add(config);
}

function apiErrorCode(error: unknown): number | undefined {
  return error instanceof NatsError ? error.api_error?.err_code : undefined;
}
