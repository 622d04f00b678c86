export { EmbeddedReadStore } from './embedded-read-store';
export { BulkWriteFailure, type BulkWriteErrorDetail } from './bulk-write';
export { StoreOperationError } from './store-operation-error';
export { type TableCapture, type TableChanges, type TableImage } from './document-table';
export { readReadStoreSnapshot, type SnapshotHeader, writeReadStoreSnapshot } from './read-store-snapshot';
export { applyDelta, applyDeltaChain, deltaFile, deltaSeqOf, type DeltaHeader, type DeltaTable, readReadStoreDelta, writeReadStoreDelta } from './read-store-delta';
