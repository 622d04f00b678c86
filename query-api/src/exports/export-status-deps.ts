import { AccountDirectory, BlobStore, Clock, Logger, ReadModels } from '@support/domain';

/** What the export status route needs from the composition root. */
export interface ExportStatusDeps {
  readonly directory: () => AccountDirectory;
  readonly readModels: ReadModels;
  readonly blobStore: BlobStore;
  readonly clock: Clock;
  readonly logger: Logger;
}
