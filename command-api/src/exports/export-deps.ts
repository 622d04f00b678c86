import { LimiterFactory } from '@support/http-edge';
import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the export start route needs from the composition root. */
export interface StartExportDeps extends CommandRouteDeps {
  readonly limiters: LimiterFactory;
}
