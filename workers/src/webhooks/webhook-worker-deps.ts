import { AccountDirectory, AllowedHost, Clock, EventStore, IdGenerator, JobQueue, Logger, ProjectionProgress, ReadModels, WebhookTransport } from '@support/domain';

/** What the webhook workers need from the composition root (ServiceDeps has all of it). */
export interface WebhookWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly directory: () => AccountDirectory;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly logger: Logger;
  readonly webhooks: {
    readonly key: Buffer;
    readonly allowedHosts: readonly AllowedHost[];
    readonly transport: WebhookTransport;
  };
}

export const WEBHOOK_WORKER = 'worker:webhooks';
