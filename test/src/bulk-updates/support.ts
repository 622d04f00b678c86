import { Feature, features } from '@support/app';
import { eventually } from '../support/eventually';
import { ApiResponse, TestService } from '../support/test-service';
import { TOKENS } from '../support/example-config';

export { TOKENS };

/** POST /apis/tickets/bulk with the admin token unless told otherwise. */
export const startBulk = (svc: TestService, body: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', '/apis/tickets/bulk', { token, body });

export const bulkStatus = (svc: TestService, jobId: string, query = '', token: string = TOKENS.acmeAdmin) =>
  svc.api('GET', `/apis/tickets/bulk/${jobId}${query}`, { token });

export const cancelBulk = (svc: TestService, jobId: string, token: string = TOKENS.acmeAdmin) =>
  svc.api('POST', `/apis/tickets/bulk/${jobId}/cancel`, { token });

/** Polls the status until the job is in one of `statuses`. */
export const waitForBulk = async (svc: TestService, jobId: string, statuses: readonly string[] = ['succeeded'], timeoutMs = 15_000): Promise<ApiResponse> => {
  let last: ApiResponse | null = null;
  await eventually(async () => {
    last = await bulkStatus(svc, jobId, '?limit=1000');
    return statuses.includes(last.body?.job?.status);
  }, `bulk update ${jobId} is ${statuses.join(' or ')} (last: ${JSON.stringify((last as ApiResponse | null)?.body?.job)})`, timeoutMs);
  return last!;
};

/** The service's features with the bulk-update worker left out: a test starts its own. */
export const featuresWithoutBulkWorker = (): Feature[] =>
  features.map((f) => (f.name === 'tickets-bulk-update' ? { ...f, workers: [] } : f));
