export { SqliteJobQueue, type SqliteJobQueueOptions } from './sqlite-job-queue';
