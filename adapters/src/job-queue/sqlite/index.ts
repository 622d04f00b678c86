export { SqliteJobQueue } from './sqlite-job-queue';
