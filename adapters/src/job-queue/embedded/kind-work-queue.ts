import type { ConsumerHandle, Job, JobOutcome } from '@support/domain';
import type { ConsumerSettings } from '../consumer-settings';
import { overdueReason, runHandler, settle, type HandlerResult } from '../settlement';
import { toJob, type PendingJob } from './job-ledger';
import type { JournalRecord } from './journal-records';

/** What a kind's work queue needs from the embedded queue around it. */
export interface WorkQueueHost {
  pending(id: string): PendingJob | undefined;
  /** Applies the record to the ledger and appends it to the journal. */
  record(record: JournalRecord): void;
}

type Handler = (job: Job) => Promise<JobOutcome>;

interface ConsumerRun {
  readonly settings: ConsumerSettings;
  readonly handler: Handler;
  readonly inHand: Set<Promise<void>>;
  free: number;
}

interface Delivery {
  readonly token: number;
  readonly timer: NodeJS.Timeout;
}

/**
 * The one work queue of a job kind, shared by every consumer of that kind (like a JetStream
 * WorkQueue stream with one durable consumer): each ready job goes to one free handler slot.
 * A delivery that reaches no outcome within ackWait is offered again, and its late outcome
 * is then ignored.
 */
export class KindWorkQueue {
  private readonly ready: string[] = [];
  private readonly delayed = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Delivery>();
  private consumers: ConsumerRun[] = [];
  private readonly stopping = new Map<ConsumerRun, Promise<void>>();
  private nextToken = 1;
  private turn = 0;

  constructor(
    private readonly kind: string,
    private readonly host: WorkQueueHost,
  ) {}

  /** Makes a pending job deliverable from `notBefore` (epoch ms) on. */
  offer(id: string, notBefore: number): void {
    const wait = notBefore - Date.now();
    if (wait <= 0) {
      this.ready.push(id);
      this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.delayed.delete(id);
      this.offer(id, 0);
    }, wait);
    timer.unref();
    this.delayed.set(id, timer);
  }

  addConsumer(settings: ConsumerSettings, handler: Handler): ConsumerHandle {
    const durable = this.consumers[0]?.settings.consumer;
    if (durable !== undefined && durable !== settings.consumer) {
      throw new Error(`job kind ${this.kind} already has the durable consumer ${durable}; a work queue has one consumer name`);
    }
    const run: ConsumerRun = { settings, handler, inHand: new Set(), free: settings.concurrency };
    this.consumers.push(run);
    this.pump();
    return { stop: () => this.removeConsumer(run) };
  }

  /** Stops every consumer and waits for every handler in hand, also of consumers stopped before. */
  async stopAll(): Promise<void> {
    this.consumers.forEach((run) => void this.removeConsumer(run));
    await Promise.all(this.stopping.values());
  }

  /** Drops every timer; call after stopAll. */
  close(): void {
    this.delayed.forEach((timer) => clearTimeout(timer));
    this.inFlight.forEach(({ timer }) => clearTimeout(timer));
    this.delayed.clear();
    this.inFlight.clear();
    this.ready.length = 0;
  }

  private removeConsumer(run: ConsumerRun): Promise<void> {
    let stopped = this.stopping.get(run);
    if (stopped === undefined) {
      this.consumers = this.consumers.filter((r) => r !== run);
      stopped = waitForHandlers(run).finally(() => this.stopping.delete(run));
      this.stopping.set(run, stopped);
    }
    return stopped;
  }

  private pump(): void {
    for (let run = this.freeConsumer(); run !== undefined && this.ready.length > 0; run = this.freeConsumer()) {
      this.deliver(this.ready.shift() as string, run);
    }
  }

  /** The next consumer with a free handler slot, taking turns. */
  private freeConsumer(): ConsumerRun | undefined {
    for (let i = 0; i < this.consumers.length; i += 1) {
      const index = (this.turn + i) % this.consumers.length;
      if (this.consumers[index].free > 0) {
        this.turn = index + 1;
        return this.consumers[index];
      }
    }
    return undefined;
  }

  private deliver(id: string, run: ConsumerRun): void {
    const pending = this.host.pending(id);
    if (pending === undefined) return;
    const deliveryCount = pending.deliveryCount + 1;
    if (deliveryCount > run.settings.maxDeliver) {
      this.host.record({ t: 'dead', id, reason: overdueReason(run.settings), deadAt: new Date().toISOString() });
      return;
    }
    this.host.record({ t: 'delivered', id, deliveryCount });
    const token = this.nextToken++;
    const timer = setTimeout(() => this.expire(id, token, deliveryCount, run.settings), run.settings.ackWaitMs);
    timer.unref();
    this.inFlight.set(id, { token, timer });
    run.free -= 1;
    const work = runHandler(run.handler, toJob(pending.published, deliveryCount))
      .then((result) => this.finish(id, token, deliveryCount, result, run.settings))
      .finally(() => {
        run.inHand.delete(work);
        run.free += 1;
        this.pump();
      });
    run.inHand.add(work);
  }

  /** A delivery overran ackWait: offer the job again, or, when it was the last allowed delivery, bury it. */
  private expire(id: string, token: number, deliveryCount: number, settings: ConsumerSettings): void {
    if (this.inFlight.get(id)?.token !== token) return;
    this.inFlight.delete(id);
    if (deliveryCount >= settings.maxDeliver) {
      this.host.record({ t: 'dead', id, reason: overdueReason(settings), deadAt: new Date().toISOString() });
      return;
    }
    this.offer(id, 0);
  }

  private finish(id: string, token: number, deliveryCount: number, result: HandlerResult, settings: ConsumerSettings): void {
    const delivery = this.inFlight.get(id);
    if (delivery?.token !== token) return;
    clearTimeout(delivery.timer);
    this.inFlight.delete(id);
    const settlement = settle(result, deliveryCount, settings);
    switch (settlement.type) {
      case 'ack':
        this.host.record({ t: 'acked', id });
        return;
      case 'dead':
        this.host.record({ t: 'dead', id, reason: settlement.reason, deadAt: new Date().toISOString() });
        return;
      case 'redeliver': {
        const notBefore = Date.now() + settlement.delayMs;
        this.host.record({ t: 'retry', id, notBefore: new Date(notBefore).toISOString() });
        this.offer(id, notBefore);
        return;
      }
    }
  }
}

async function waitForHandlers(run: ConsumerRun): Promise<void> {
  while (run.inHand.size > 0) await Promise.all(run.inHand);
}
