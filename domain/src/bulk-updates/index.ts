export * from './streams';
export * from './bulk-events';
export * from './bulk-change';
export * from './bulk-decider';
export * from './bulk-request';
export * from './bulk-job-document';
export * from './bulk-status-request';
export * from './bulk-slice';
