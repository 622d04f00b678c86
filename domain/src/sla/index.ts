export * from './due-moment';
export * from './sla-state';
