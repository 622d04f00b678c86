export * from './bulk-update-worker-deps';
export * from './bulk-update-dispatcher';
export * from './run-bulk-update';
export * from './bulk-update-worker';
export * from './dead-letter-sweep';
