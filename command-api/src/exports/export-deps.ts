import { LimiterFactory } from '@support/http-edge';
import { AccountDirectory, Clock, EventStore, IdGenerator, Logger, ProjectionProgress, ReadStore } from '@support/domain';

/** What the export start route needs from the composition root. */
export interface StartExportDeps {
  readonly directory: () => AccountDirectory;
  readonly limiters: LimiterFactory;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly progress: ProjectionProgress;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** Bounded wait for the export-jobs read model, so a poll right after the 202 finds the job. */
export const EXPORT_READ_YOUR_WRITES_MS = 5_000;
