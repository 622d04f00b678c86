export * from './admin-query-routes';
export * from './openapi';
