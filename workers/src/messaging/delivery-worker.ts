import { ChatAppClientFactory, DEFAULT_MESSAGE_DELIVERY_POLICY, MESSAGE_DELIVERY_JOB, MessageDeliveryPolicy } from '@support/domain';
import { DELIVERY_WORKER, DeliveryWorkerDeps } from './delivery-deps';
import { deliverMessage } from './deliver-message';

interface DeliveryWorkerOptions {
  readonly policy?: MessageDeliveryPolicy;
  readonly concurrency?: number;
}

/**
 * The template delivery worker: a durable consumer of delivery jobs. ackWait outlasts the attempt
 * lease, which outlasts one client operation (its calls, timeouts and inline backoff), so a slow
 * but living worker is never taken for a dead one.
 */
export const messageDeliveryWorker = (makeClient: ChatAppClientFactory, options: DeliveryWorkerOptions = {}) => ({
  name: DELIVERY_WORKER,
  start: async (deps: DeliveryWorkerDeps): Promise<{ stop(): Promise<void> }> => {
    const policy = options.policy ?? DEFAULT_MESSAGE_DELIVERY_POLICY;
    const handle = await deps.jobQueue.consume(
      MESSAGE_DELIVERY_JOB,
      {
        consumer: DELIVERY_WORKER,
        // A backstop only: attempts are counted on the message stream (policy.maxAttempts); waits also use deliveries.
        maxDeliver: 100,
        ackWaitMs: policy.leaseMs + 15_000,
        concurrency: options.concurrency ?? 16,
      },
      deliverMessage(deps, makeClient(deps.fetch), policy),
    );
    return { stop: () => handle.stop() };
  },
});
