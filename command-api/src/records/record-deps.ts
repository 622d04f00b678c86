import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadModels } from '@support/domain';

/** What the resource-record routes need from the composition root. */
export interface RecordRouteDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly progress: ProjectionProgress;
}

/** Bound of the read-your-writes wait; past it the answer is given anyway. */
