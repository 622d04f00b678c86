export {};
export * from './tickets';
export * from './messaging';
export * from './exports';
export * from './webhooks';
