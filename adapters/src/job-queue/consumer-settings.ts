import type { ConsumerOptions } from '@support/domain';
import { defaultBackoffMs } from './backoff';

/**
 * Job kinds and consumer names end up in NATS stream, subject and durable names, so both
 * engines accept the same safe alphabet. Kinds are lower case so that `JOBS_<KIND>` cannot collide.
 */
const JOB_KIND = /^[a-z0-9][a-z0-9_-]*$/;
const CONSUMER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function assertJobKind(kind: string): void {
  if (!JOB_KIND.test(kind)) {
    throw new TypeError(`job kind must match ${JOB_KIND.source}, got ${JSON.stringify(kind)}`);
  }
}

/** Consumer options with the defaults filled in, checked once when a consumer starts. */
export interface ConsumerSettings {
  readonly consumer: string;
  readonly maxDeliver: number;
  readonly ackWaitMs: number;
  readonly concurrency: number;
  readonly backoffMs: (deliveryCount: number) => number;
}

export function consumerSettings(options: ConsumerOptions): ConsumerSettings {
  if (!CONSUMER_NAME.test(options.consumer)) {
    throw new TypeError(`consumer name must match ${CONSUMER_NAME.source}, got ${JSON.stringify(options.consumer)}`);
  }
  const concurrency = options.concurrency ?? 1;
  assertPositiveInteger('maxDeliver', options.maxDeliver);
  assertPositiveInteger('concurrency', concurrency);
  if (!Number.isFinite(options.ackWaitMs) || options.ackWaitMs <= 0) {
    throw new RangeError(`ackWaitMs must be a positive number of milliseconds, got ${options.ackWaitMs}`);
  }
  return {
    consumer: options.consumer,
    maxDeliver: options.maxDeliver,
    ackWaitMs: options.ackWaitMs,
    concurrency,
    backoffMs: options.backoffMs ?? defaultBackoffMs,
  };
}

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}
