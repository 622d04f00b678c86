import { AccountDirectory, Logger, StoreCallsFor } from '@support/domain';

/** What the order routes need (a part of the app's ServiceDeps). */
export interface OrderRoutesDeps {
  readonly directory: () => AccountDirectory;
  readonly logger: Logger;
  /** The store calls of an account (the store-system client), null when it has no store configured. */
  readonly storeCalls: StoreCallsFor;
}
