export * from './summary';
export * from './local-text-processor';
