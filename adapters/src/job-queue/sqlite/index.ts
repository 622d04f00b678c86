export { SqliteJobQueue, type SqliteJobQueueOptions } from './sqlite-job-queue';
export { importEmbeddedJobs } from './import-embedded-jobs';
