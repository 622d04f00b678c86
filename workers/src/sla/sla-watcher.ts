import * as E from 'fp-ts/Either';
import { Clock, CommandContext, EventStore, IdGenerator, Logger, ReadModels, TicketDocument, TICKETS_COLLECTION, ticketStream } from '@support/domain';
import { handleTicket } from '@support/event-sourcing';
import { periodicSweep } from '../exports/periodic-sweep';

export const SLA_WATCHER = 'worker:sla-watcher';
/** Tickets looked at in one sweep (the ones whose moment came first). */
const BATCH = 200;

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
 * Records the SLA outcomes whose moment has come: the tickets whose `slaCheckAt` (the projection
 * keeps it: a metric happened, or a due moment passed) is not after now get RecordSlaOutcomes
 * through the ticket decider, which records each settled target once (SlaMet, SlaBreached). Safe
 * in every process at once and after any restart: a target recorded already is not recorded again,
 * and a breach due while the service was down is recorded at the next sweep with its due moment.
 * Returns the events recorded.
 */
export const recordDueSlaOutcomes = async (deps: SlaWatcherDeps): Promise<number> => {
  const now = deps.clock.now();
  const at = now.toISOString();
  const due = await deps.readModels.find<TicketDocument>(TICKETS_COLLECTION, { where: { slaCheckAt: { lte: at } }, sort: { slaCheckAt: 1 }, limit: BATCH });
  let recorded = 0;
  for (const doc of due) {
    const ctx: CommandContext = { accountId: doc.accountId, userId: SLA_WATCHER, requestId: `${SLA_WATCHER}:${doc._id}:${at}`, now };
    const handled = await handleTicket(deps, ticketStream(doc._id), { type: 'RecordSlaOutcomes', at }, ctx);
    if (E.isLeft(handled)) {
      deps.logger.warn('SLA outcomes of a ticket could not be recorded', { ticketId: doc._id, accountId: doc.accountId, reason: handled.left.kind });
      continue;
    }
    for (const e of handled.right.newEvents) {
      if (e.type === 'SlaBreached') deps.logger.info('SLA target breached', { ticketId: doc._id, accountId: doc.accountId, target: e.data.target, lateMs: e.data.lateMs });
    }
    recorded += handled.right.newEvents.length;
  }
  return recorded;
};

/** The SLA watcher: recordDueSlaOutcomes every interval. */
export const slaWatcher = (options: SlaWatcherOptions = {}) =>
  periodicSweep<SlaWatcherDeps>(SLA_WATCHER, options.intervalMs ?? 1_000, async (deps) => {
    await recordDueSlaOutcomes(deps);
  });
