import { LimiterFactory } from '@support/http-edge';
import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadModels } from '@support/domain';

/** What the export start route needs from the composition root. */
export interface StartExportDeps {
  readonly directory: () => AccountDirectory;
  readonly limiters: LimiterFactory;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

