import { ConsumerHandle, JobQueue } from '@support/domain';
import { CUSTOMER_ERASURE_JOB } from './customer-erasure-job';
import { CustomerErasureWorkerDeps, eraseCustomer } from './erase-customer';

/** The worker that erases customers' personal data (docs/api/erasure.md): a durable consumer of erasure jobs, one at a time. */
export const startCustomerErasureWorker = (deps: CustomerErasureWorkerDeps & { readonly jobQueue: JobQueue }): Promise<ConsumerHandle> =>
  deps.jobQueue.consume(CUSTOMER_ERASURE_JOB, { consumer: 'customer-erasure', maxDeliver: 20, ackWaitMs: 120_000, concurrency: 1 }, eraseCustomer(deps));
