export * from './split-events';
export * from './split-interactions';
export * from './split-request';
export * from './split-decisions';
