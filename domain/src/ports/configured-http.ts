import { Either } from 'fp-ts/Either';
import { HttpRequestConfig } from '../config/account-config';

/** The answer of an external HTTP system, with the body parsed as JSON when it is JSON. */
export interface HttpCallResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly durationMs: number;
}

export type HttpCallFailure =
  | { readonly kind: 'timeout'; readonly timeoutMs: number; readonly durationMs: number }
  | { readonly kind: 'network'; readonly message: string; readonly durationMs: number }
  | { readonly kind: 'invalidUrl'; readonly message: string; readonly durationMs: number };

/**
 * Calls a configured HTTP request (execute actions, integration data points): `{{path}}`
 * placeholders in the URL are replaced by URL-encoded values at that path of `placeholders`;
 * headers as configured; a JSON body when given; the configured timeout. Any HTTP status is a
 * response (Right); only no answer at all is a failure (Left).
 */
export interface ConfiguredHttp {
  call(request: HttpRequestConfig, options: ConfiguredCallOptions): Promise<Either<HttpCallFailure, HttpCallResponse>>;
}

interface ConfiguredCallOptions {
  readonly placeholders: unknown;
  readonly jsonBody?: unknown;
  readonly defaultTimeoutMs?: number;
  /** Whose call it is and what for (the circuit breakers are per account, purpose and target). */
  readonly caller?: { readonly accountId: string; readonly purpose: 'integration' | 'action' };
}
