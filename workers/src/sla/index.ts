export * from './sla-watcher';
