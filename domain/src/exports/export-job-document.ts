import { ReadDocument } from '../ports/read-models';
import { TicketExportStatus } from './export-events';

/** A document of the export-jobs read model (_id = job id): what the status route answers from. */
export interface ExportJobDocument extends ReadDocument {
  readonly accountId: string;
  /** The owner (user:<id> or token:<id>): other users' polls are 404. */
  readonly requestedBy: string;
  readonly status: TicketExportStatus;
  readonly total: number;
  readonly processed: number;
  readonly fileName: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly startedAt?: string;
  readonly completedAt?: string;
  readonly availableUntil?: string;
  readonly fileSizeBytes?: number;
  /** Internal: where the file is; never shown. */
  readonly blobKey?: string;
  readonly error?: string;
  readonly fileDeleted?: boolean;
  /** Set once the file was withdrawn after an erasure (TicketExportWithdrawn); the status then hands out no link. */
  readonly withdrawn?: { readonly at: string; readonly reason: string };
}
