import { ConsumerHandle, JobQueue } from '@support/domain';
import { CUSTOMER_ERASURE_JOB } from './customer-erasure-job';
import { CustomerErasureWorkerDeps, eraseCustomer } from './erase-customer';
import { reapplyErasures } from './reapply-erasures';

/**
 * The worker that erases customers' personal data (docs/api/erasure.md): a durable consumer of
 * erasure jobs, one at a time. With a ledger, its erasures that the log does not hold (restored from
 * an older backup) are asked for again first.
 */
export const startCustomerErasureWorker = async (deps: CustomerErasureWorkerDeps & { readonly jobQueue: JobQueue }): Promise<ConsumerHandle> => {
  if (deps.erasureLedger !== undefined) await reapplyErasures(deps, deps.erasureLedger);
  return deps.jobQueue.consume(CUSTOMER_ERASURE_JOB, { consumer: 'customer-erasure', maxDeliver: 20, ackWaitMs: 120_000, concurrency: 1 }, eraseCustomer(deps));
};
