
export * from './stream-ends';
