export * from './configured-action-runner';
