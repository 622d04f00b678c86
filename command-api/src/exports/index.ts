export * from './export-deps';
export * from './start-export';
export * from './export-command-routes';
export * from './openapi';
