export { EmbeddedReadStore } from './embedded-read-store';
export { BulkWriteFailure, type BulkWriteErrorDetail } from './bulk-write';
export { StoreOperationError } from './store-operation-error';
