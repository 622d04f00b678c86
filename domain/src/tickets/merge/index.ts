export * from './merge-events';
export * from './merge-check';
export * from './merge-decisions';
export * from './merge-request';
