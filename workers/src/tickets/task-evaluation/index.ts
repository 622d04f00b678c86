export * from './task-evaluation-job';
export * from './evaluate-missing';
export * from './task-evaluation-worker';
