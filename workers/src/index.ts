export {};
export * from './tickets';
export * from './messaging';
export * from './exports';
export * from './webhooks';
export * from './sla';
export * from './bulk-updates';
export * from './erasures';
