export * from './strict';
export * from './decode';
export * from './decider';
export * from './backoff';
export * from './command-handler';
export * from './bounded-text';
export * from './stream-ends';
export * from './time-slice';
