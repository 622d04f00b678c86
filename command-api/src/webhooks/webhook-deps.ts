import { AllowedHost, ServiceItself, WebhookTransport } from '@support/domain';
import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the webhook routes need from the composition root. */
export interface WebhookCommandDeps extends CommandRouteDeps {
  readonly webhooks: {
    /** The key every subscription's signing secrets are derived from (never shown, never logged). */
    readonly key: Buffer;
    /** Hosts and ports the operator allows as plain-http or private targets (WEBHOOK_ALLOWED_HOSTS). */
    readonly allowedHosts: readonly AllowedHost[];
    /** Where the service itself answers: never a subscription's target. */
    readonly serviceItself: ServiceItself;
    readonly transport: WebhookTransport;
  };
}
