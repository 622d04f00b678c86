export * from './strict';
export * from './decode';
export * from './decider';
export * from './bounded-text';
