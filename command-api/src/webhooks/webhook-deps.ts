import { WebhookTransport } from '@support/domain';
import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the webhook routes need from the composition root. */
export interface WebhookCommandDeps extends CommandRouteDeps {
  readonly webhooks: {
    /** The key every subscription's signing secrets are derived from (never shown, never logged). */
    readonly key: Buffer;
    /** Hosts the operator allows as plain-http or private targets (WEBHOOK_ALLOWED_HOSTS). */
    readonly allowedHosts: readonly string[];
    readonly transport: WebhookTransport;
  };
}
