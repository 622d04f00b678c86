export * from './data-points-job';
export * from './data-points-worker';
export * from './data-points-worker-deps';
