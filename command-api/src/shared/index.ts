export * from './handle-command';
