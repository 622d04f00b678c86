import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the messaging command routes need from the composition root. */
export interface MessagingCommandDeps extends CommandRouteDeps {
  /** Outgoing HTTP; the WhatsApp Cloud API client is built over it. */
  readonly fetch: typeof fetch;
}
