import { AccountDirectory, BlobStore, Clock, Logger, ReadStore } from '@support/domain';

/** What the export status route needs from the composition root. */
export interface ExportStatusDeps {
  readonly directory: () => AccountDirectory;
  readonly readStore: ReadStore;
  readonly blobStore: BlobStore;
  readonly clock: Clock;
  readonly logger: Logger;
}
