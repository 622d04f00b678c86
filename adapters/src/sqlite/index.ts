export { WalCheckpointer } from './wal-checkpointer';
export { WalSync } from './wal-sync';
export { cutWal } from './cut-wal';
