import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadModels } from '@support/domain';

/**
 * What every command route of a feature needs from the composition root: the accounts, the log
 * to append to, the read models to answer from once they have its events (progress), ids, time
 * and the logger. A feature's deps add what is its own.
 */
export interface CommandRouteDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly progress: ProjectionProgress;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}
