export * from './ticket-text-job';
export * from './ticket-text-worker';
