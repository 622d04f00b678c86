export * from './streams';
export * from './export-options';
export * from './export-events';
export * from './export-decider';
export * from './export-request';
export * from './columns';
export * from './export-job-document';
export * from './export-owner';
