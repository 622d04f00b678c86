export * from './runtime';
export * from './tickets';
export * from './records';
