export * from './checkpoint-events';
