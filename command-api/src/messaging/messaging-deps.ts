import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadModels } from '@support/domain';

/** What the messaging command routes need from the composition root. */
export interface MessagingCommandDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Outgoing HTTP; the WhatsApp Cloud API client is built over it. */
  readonly fetch: typeof fetch;
}

