/** Outgoing webhook requests (Standard Webhooks), as the delivery worker and the ping route send them. */

export interface WebhookRequest {
  readonly url: string;
  /** The JSON payload, serialized. */
  readonly body: string;
  /** webhook-id: the receiver's dedupe key. */
  readonly messageId: string;
  /** webhook-timestamp. */
  readonly timestamp: Date;
  /** Secrets ("whsec_…") to sign with: one signature each (two during a rotation). */
  readonly secrets: readonly string[];
  readonly signal?: AbortSignal;
}

/** What one attempt got: an answer (any status), or why there was none. */
export type WebhookAttempt =
  | { readonly kind: 'answered'; readonly status: number; readonly durationMs: number; readonly retryAfterMs?: number; readonly bodyExcerpt: string }
  | { readonly kind: 'timeout' | 'network' | 'refused' | 'redirect'; readonly durationMs: number; readonly error: string };

export type TargetCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface WebhookTransport {
  send(request: WebhookRequest): Promise<WebhookAttempt>;
  /** Whether deliveries may go to this URL now: scheme and host rules, and every address it resolves to. */
  checkTarget(url: string): Promise<TargetCheck>;
}
