import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadModels, WebhookTransport } from '@support/domain';

/** What the webhook routes need from the composition root. */
export interface WebhookCommandDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly webhooks: {
    /** The key every subscription's signing secrets are derived from (never shown, never logged). */
    readonly key: Buffer;
    /** Hosts the operator allows as plain-http or private targets (WEBHOOK_ALLOWED_HOSTS). */
    readonly allowedHosts: readonly string[];
    readonly transport: WebhookTransport;
  };
}
