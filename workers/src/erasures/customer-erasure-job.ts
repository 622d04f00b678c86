import { CUSTOMER_STREAM_PREFIX, CustomerErasureRequestedData, RecordedEvent } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

export const CUSTOMER_ERASURE_JOB = 'customer-erasure';

/**
 * After an erasure is asked, how long a create that read the customer before it may still append
 * (the create's deadline, 5 s, and a margin): the job erases only once every such create is written
 * or gone, and every create deciding after the request is refused (`customerBeingErased`).
 */
export const ERASURE_GRACE_MS = 6_000;

export interface CustomerErasureJob {
  readonly accountId: string;
  readonly customerId: string;
  readonly erasureId: string;
  /** When the job may erase (ms since the epoch): the request and ERASURE_GRACE_MS. */
  readonly dueAt: number;
  readonly correlationId: string | null;
  readonly causationId: string;
}

export const isCustomerErasureJob = (p: unknown): p is CustomerErasureJob =>
  typeof p === 'object' && p !== null && typeof (p as CustomerErasureJob).customerId === 'string' && typeof (p as CustomerErasureJob).erasureId === 'string';

/** Each erasure asked publishes one job (the request's event id as dedupe id). */
export const customerErasureDispatcher: DispatcherDefinition = {
  name: 'customer-erasure',
  streamNamePrefixes: [CUSTOMER_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'CustomerErasureRequested') return [];
    const data = event.data as CustomerErasureRequestedData;
    const requested = Date.parse(data.requestedAt);
    const payload: CustomerErasureJob = {
      accountId: data.accountId, customerId: data.customerId, erasureId: data.erasureId,
      dueAt: (Number.isNaN(requested) ? event.created.getTime() : requested) + ERASURE_GRACE_MS,
      correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null, causationId: event.id,
    };
    return [{ kind: CUSTOMER_ERASURE_JOB, payload, dedupeId: event.id }];
  },
};
