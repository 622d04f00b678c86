export * from './actions';
export * from './records';
export * from './messaging';
export * from './tickets';
export * from './exports';
export * from './idempotency';
export * from './webhooks';
export * from './bulk-updates';
