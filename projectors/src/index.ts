export * from './runtime';
export * from './tickets';
export * from './records';
export * from './messaging';
export * from './exports';
export * from './webhooks';
export * from './parking';
export * from './transparency';
