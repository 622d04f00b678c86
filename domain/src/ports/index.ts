export * from './event-store';
export * from './position';
export * from './read-store';
export * from './job-queue';
export * from './blob-store';
export * from './clock';
export * from './logger';
