import { LimiterFactory } from '@support/http-edge';
import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the bulk-update routes need from the composition root. */
export interface BulkUpdateDeps extends CommandRouteDeps {
  readonly limiters: LimiterFactory;
}

export const BULK_UPDATE_PATH = '/apis/tickets/bulk';
export const bulkStatusUrl = (jobId: string): string => `${BULK_UPDATE_PATH}/${jobId}`;
