export * from './service-metrics';
export * from './metered-event-store';
export * from './metered-job-queue';
export * from './subscriber-lag';
export * from './http-metrics';
export * from './appended-event-counters';
export * from './export-jobs';
export * from './webhook-backlog';
