import { AccountDirectory, ActionRunner, Clock, EventStore, IdGenerator, Logger } from '@support/domain';
import { LimiterFactory } from '@support/http-edge';

/** What the execute-action routes need from the composition root. */
export interface ActionRouteDeps {
  readonly directory: () => AccountDirectory;
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly limiters: LimiterFactory;
  readonly actions: ActionRunner;
}
