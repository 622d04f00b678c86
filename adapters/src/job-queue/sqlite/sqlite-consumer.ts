import type { Job, JobHandler, JobLease } from '@support/domain';
import type { ConsumerSettings } from '../consumer-settings';
import { overdueReason, runHandler, settle, type HandlerResult } from '../settlement';
import type { JobStore } from './job-store';

interface ConsumerContext {
  readonly store: JobStore;
  /** Names this queue instance in the leases it takes (for operators reading the table). */
  readonly owner: string;
  /** Wait between polls while no job is claimable. */
  readonly pollMs: number;
  readonly onError: (error: unknown) => void;
}

/**
 * One consumer of a kind in this process: it claims up to `concurrency` jobs at a time, runs them,
 * and writes each outcome (ack, retry later, dead letter; settlement.ts decides). It polls every
 * `pollMs` while idle, at once again when a handler finishes or a job is published here (wake), and
 * on every poll also buries jobs whose last delivery's lease ran out, even with no slot free.
 */
export class SqliteConsumer {
  private readonly inHand = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Infinity;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly kind: string,
    private readonly settings: ConsumerSettings,
    private readonly handler: JobHandler,
    private readonly context: ConsumerContext,
  ) {}

  /** Polls now (a job was published, or a slot freed). */
  wake(): void {
    this.schedule(0);
  }

  /** Stops polling and waits for the handlers in hand (their outcomes are still written). */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      clearTimeout(this.timer);
      this.timer = undefined;
      while (this.inHand.size > 0) await Promise.all(this.inHand);
    })();
    return this.stopped;
  }

  /** Polls in `ms`, unless a poll is already due sooner. */
  private schedule(ms: number): void {
    if (this.stopped !== undefined) return;
    const due = Date.now() + ms;
    if (this.timer !== undefined && this.timerDue <= due) return;
    clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => this.poll(), ms);
  }

  private poll(): void {
    this.timer = undefined;
    this.timerDue = Infinity;
    if (this.stopped !== undefined) return;
    try {
      const jobs = this.context.store.claim({
        kind: this.kind,
        take: this.settings.concurrency - this.inHand.size,
        owner: this.context.owner,
        leaseMs: this.settings.ackWaitMs,
        maxDeliver: this.settings.maxDeliver,
        overdueReason: overdueReason(this.settings),
        now: Date.now(),
      });
      jobs.forEach((job) => this.run(job));
    } catch (error) {
      // A busy or failing database: try again at the next poll.
      this.context.onError(error);
    }
    // Slots that freed are refilled at once (wake); this poll is the idle one, and the burial sweep.
    this.schedule(this.context.pollMs);
  }

  private run(job: Job): void {
    const work = runHandler(this.handler, job, this.leaseOf(job))
      .then((result) => this.finish(job, result))
      .finally(() => {
        this.inHand.delete(work);
        this.wake();
      });
    this.inHand.add(work);
  }

  /** This delivery's hold on its job, extended in the store while the delivery still owns it. */
  private leaseOf(job: Job): JobLease {
    return {
      extend: async () => {
        const now = Date.now();
        return this.context.store.extend(job.id, job.deliveryCount, now + this.settings.ackWaitMs, now);
      },
    };
  }

  /** Writes the outcome of this delivery; it is dropped by the store if the lease already ran out. */
  private finish(job: Job, result: HandlerResult): void {
    const { store } = this.context;
    const now = Date.now();
    const settlement = settle(result, job.deliveryCount, this.settings);
    try {
      switch (settlement.type) {
        case 'ack':
          store.ack(job.id, job.deliveryCount, now);
          return;
        case 'redeliver':
          store.retry(job.id, job.deliveryCount, now + settlement.delayMs, now);
          return;
        case 'dead':
          store.bury(job.id, job.deliveryCount, settlement.reason, now);
          return;
      }
    } catch (error) {
      // The outcome is lost; the lease runs out and the job is delivered again.
      this.context.onError(error);
    }
  }
}
