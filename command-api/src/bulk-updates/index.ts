export * from './bulk-update-deps';
export * from './start-bulk-update';
export * from './cancel-bulk-update';
export * from './bulk-update-routes';
export * from './openapi';
