export * from './action-deps';
export * from './action-problems';
export * from './require-admin';
export * from './record-action-run';
export * from './run-action-route';
export * from './action-routes';
