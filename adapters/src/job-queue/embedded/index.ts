export { EmbeddedJobQueue, embeddedJobJournalPath, type EmbeddedJobQueueOptions } from './embedded-job-queue';
