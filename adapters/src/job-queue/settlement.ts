import { thrownMessage, type JobHandler, type JobLease, type JobOutcome } from '@support/domain';
import type { ConsumerSettings } from './consumer-settings';

/** What a handler did with one delivery: decided an outcome, or threw. */
export type HandlerResult =
  | { readonly type: 'decided'; readonly outcome: JobOutcome }
  | { readonly type: 'threw'; readonly error: unknown };

/** What the queue does with the job after one delivery. */
type Settlement =
  | { readonly type: 'ack' }
  | { readonly type: 'redeliver'; readonly delayMs: number }
  | { readonly type: 'dead'; readonly reason: string };

/** The one rule both engines follow when a handler finishes a delivery. */
export function settle(result: HandlerResult, deliveryCount: number, settings: Pick<ConsumerSettings, 'maxDeliver' | 'backoffMs'>): Settlement {
  if (result.type === 'threw') {
    return retryOrGiveUp(`handler threw: ${thrownMessage(result.error)}`, settings.backoffMs(deliveryCount), deliveryCount, settings);
  }
  const { outcome } = result;
  switch (outcome.type) {
    case 'ack':
      return { type: 'ack' };
    case 'fail':
      return { type: 'dead', reason: outcome.reason };
    case 'retry':
      return retryOrGiveUp(outcome.reason ?? 'retry requested', outcome.delayMs, deliveryCount, settings);
  }
}

function retryOrGiveUp(why: string, delayMs: number, deliveryCount: number, settings: Pick<ConsumerSettings, 'maxDeliver'>): Settlement {
  if (deliveryCount >= settings.maxDeliver) return { type: 'dead', reason: `gave up after ${deliveryCount} deliveries: ${why}` };
  return { type: 'redeliver', delayMs: Number.isFinite(delayMs) ? Math.max(0, Math.round(delayMs)) : 0 };
}

/**
 * The dead-letter reason of a job offered once more after its last allowed delivery reached
 * no outcome (the handler overran ackWait, or its worker stopped).
 */
export function overdueReason(settings: Pick<ConsumerSettings, 'maxDeliver' | 'ackWaitMs'>): string {
  return `gave up after ${settings.maxDeliver} deliveries: the last got no outcome within ${settings.ackWaitMs} ms (handler overran or its worker stopped)`;
}

/** Runs a handler and captures what it did; a value that is not one of the port's outcomes counts as a throw. */
export async function runHandler(handler: JobHandler, job: Parameters<JobHandler>[0], lease: JobLease): Promise<HandlerResult> {
  try {
    const outcome: unknown = await handler(job, lease);
    if (!isOutcome(outcome)) return { type: 'threw', error: new TypeError('handler returned no valid outcome') };
    return { type: 'decided', outcome };
  } catch (error) {
    return { type: 'threw', error };
  }
}

function isOutcome(value: unknown): value is JobOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ack' || type === 'retry' || type === 'fail';
}
