import * as E from 'fp-ts/Either';
import { Clock, CommandContext, EventStore, IdGenerator, Logger, ReadModels, TicketDocument, TICKETS_COLLECTION, ticketStream } from '@support/domain';
import { handleTicket } from '@support/event-sourcing';
import { periodicSweep } from '../exports/periodic-sweep';

export const SLA_WATCHER = 'worker:sla-watcher';
/** Tickets looked at in one read (the ones whose moment came first). */
const BATCH = 200;
/** Tickets decided at once: their appends share the log's commits and syncs. */
const AT_ONCE = 16;
/** Reads in one sweep at most: a sweep that finds more due goes on reading, up to this. */
const READS_PER_SWEEP = 50;
/** Tickets remembered as decided while the projection has not yet moved their moment; forgotten all at once past this. */
const REMEMBERED = 100_000;

export interface SlaWatcherDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly readModels: ReadModels;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface SlaWatcherOptions {
  /** Time between two sweeps. Default 1 s: a breach is recorded within about that of its due moment (and the projection's lag). */
  readonly intervalMs?: number;
}

/**
 * The moment (slaCheckAt) each ticket was last decided at, by ticket id: until the projection
 * moves it (a few ms after the decision's events), the ticket is not decided again.
 */
export type DecidedMoments = Map<string, string>;

/** Runs `work` over the items, `atOnce` at a time. */
const eachAtOnce = async <T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i]);
  }));
};

/**
 * Records the SLA events whose moment has come: the tickets whose `slaCheckAt` (the projection
 * keeps it: a metric happened, a warning or a due moment came) is not after now get
 * RecordSlaOutcomes through the ticket decider, which records each settled target once (SlaMet,
 * SlaBreached) and warns once (SlaWarned). Safe in every process at once and after any restart: a
 * target recorded already is not recorded again, and a breach due while the service was down is
 * recorded at the next sweep with its due moment. A sweep reads the due tickets a batch at a time,
 * each batch on from the last one's moment, until fewer than a batch are left (or nothing new is
 * among them), deciding several at once.
 * Returns the events recorded.
 */
export const recordDueSlaOutcomes = async (deps: SlaWatcherDeps, decided: DecidedMoments = new Map()): Promise<number> => {
  const now = deps.clock.now();
  const at = now.toISOString();
  let recorded = 0;
  if (decided.size > REMEMBERED) decided.clear();
  let from: string | null = null;
  for (let read = 0; read < READS_PER_SWEEP; read++) {
    // After a full batch, on from its last moment: the batch's tickets may not be projected yet.
    const range: { gte?: string; lte: string } = from === null ? { lte: at } : { gte: from, lte: at };
    const due: TicketDocument[] = await deps.readModels.find<TicketDocument>(TICKETS_COLLECTION, { where: { slaCheckAt: range }, sort: { slaCheckAt: 1 }, limit: BATCH });
    const fresh = due.filter((doc) => decided.get(doc._id) !== doc.slaCheckAt);
    from = due.length === 0 ? from : (due[due.length - 1].slaCheckAt as string);
    await eachAtOnce(fresh, AT_ONCE, async (doc) => {
      const ctx: CommandContext = { accountId: doc.accountId, userId: SLA_WATCHER, requestId: `${SLA_WATCHER}:${doc._id}:${at}`, now };
      const handled = await handleTicket(deps, ticketStream(doc._id), { type: 'RecordSlaOutcomes', at }, ctx);
      if (E.isLeft(handled)) {
        deps.logger.warn('SLA outcomes of a ticket could not be recorded', { ticketId: doc._id, accountId: doc.accountId, reason: handled.left.kind });
        return;
      }
      decided.set(doc._id, doc.slaCheckAt as string);
      for (const e of handled.right.newEvents) {
        if (e.type === 'SlaBreached') deps.logger.info('SLA target breached', { ticketId: doc._id, accountId: doc.accountId, target: e.data.target, lateMs: e.data.lateMs });
      }
      recorded += handled.right.newEvents.length;
    });
    if (due.length < BATCH || fresh.length === 0) break;
  }
  return recorded;
};

/** The SLA watcher: recordDueSlaOutcomes every interval. */
export const slaWatcher = (options: SlaWatcherOptions = {}) => {
  const decided: DecidedMoments = new Map();
  return periodicSweep<SlaWatcherDeps>(SLA_WATCHER, options.intervalMs ?? 1_000, async (deps) => {
    await recordDueSlaOutcomes(deps, decided);
  });
};
