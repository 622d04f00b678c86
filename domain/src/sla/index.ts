export * from './due-moment';
export * from './sla-state';
export * from './sla-target';
export * from './account-sla';
export * from './sla-events';
export * from './sla-outcomes';
export * from './sla-standing';
export * from './sla-queue-request';
