export * from './export-status-deps';
export * from './export-job-view';
export * from './export-status';
export * from './export-query-routes';
