export { NatsJobQueue, type NatsJobQueueOptions } from './nats-job-queue';
