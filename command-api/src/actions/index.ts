export * from './action-deps';
export * from './action-problems';
export * from './record-action-run';
export * from './run-action-route';
export * from './action-routes';
export * from './openapi';
