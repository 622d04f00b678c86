export * from './bulk-status';
export * from './bulk-query-routes';
