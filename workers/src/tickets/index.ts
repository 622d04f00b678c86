export * from './ticket-text-job';
export * from './ticket-text-worker';
export * from './data-points';
export * from './task-evaluation';
