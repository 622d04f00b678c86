export * from './admin-command-routes';
export * from './admin-deps';
export * from './openapi';
