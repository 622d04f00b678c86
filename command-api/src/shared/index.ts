export * from './handle-command';
export * from './stream-ends';
