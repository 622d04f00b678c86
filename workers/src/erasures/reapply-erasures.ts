import * as E from 'fp-ts/Either';
import { CommandContext, customerDecider, customerStream, ErasureLedger, erasureToReapply } from '@support/domain';
import { handleCustomer, loadStream } from '@support/event-sourcing';
import type { CustomerErasureWorkerDeps } from './erase-customer';

/** Who asks for an erasure again from the ledger (the erasure's `requestedBy`). */
export const ERASURE_LEDGER = 'erasure-ledger';

/**
 * At the erasure worker's start: every erasure of the ledger that this log does not hold (a log
 * restored from a backup taken before it) is asked for again, and the erasure job does the rest as
 * for any request. Answers how many were asked.
 */
export const reapplyErasures = async (deps: CustomerErasureWorkerDeps, ledger: ErasureLedger): Promise<number> => {
  let asked = 0;
  for (const entry of await ledger.entries()) {
    const stream = customerStream(entry.customerId);
    const { state } = await loadStream(deps.eventStore, stream, customerDecider);
    if (state === null || state.accountId !== entry.accountId || !erasureToReapply(entry, state)) continue;
    const now = deps.clock.now();
    const ctx: CommandContext = { accountId: entry.accountId, userId: ERASURE_LEDGER, requestId: deps.newId(), now };
    const requested = await handleCustomer(deps, stream, { type: 'RequestErasure', erasureId: deps.newId(), requestedBy: ERASURE_LEDGER, at: now }, ctx);
    if (E.isLeft(requested)) throw new Error(`the erasure ${entry.erasureId} of the ledger could not be asked again: ${requested.left.kind}`);
    asked++;
  }
  if (asked > 0) deps.logger.info('erasures of the ledger asked again: the log predates them', { asked });
  return asked;
};
