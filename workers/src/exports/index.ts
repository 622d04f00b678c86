export * from './export-worker-deps';
export * from './export-command';
export * from './csv-chunks';
export * from './csv-records';
export * from './objective-tasks';
export * from './run-export';
export * from './export-worker';
export * from './retention-sweep';
