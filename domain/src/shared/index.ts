export * from './strict';
export * from './decode';
export * from './decider';
