export * from './strict';
export * from './decode';
export * from './decider';
export * from './backoff';
export * from './bounded-text';
export * from './thrown-message';
export * from './holder-process';
export * from './whole-number';
