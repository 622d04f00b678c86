import * as E from 'fp-ts/Either';
import { OrderLookupError } from '@support/domain';
import { storeBackoffMs, parseStoreRetryAfter, StoreRetrySettings } from './retry-policy';
import { storeBodyRequestId, storeErrorCode } from './store-error-code';

/** An answer the caller interprets (2xx, 400, 404); everything else is already a domain error. */
export interface StoreReply {
  readonly status: number;
  readonly body: unknown;
  /** The request id of the call: the one we sent, as the store echoed it. */
  readonly requestId: string;
}

export interface StoreRequestSettings {
  readonly fetch: typeof fetch;
  readonly accessToken: string;
  readonly newRequestId: () => string;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly retry: StoreRetrySettings;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}

type Attempt =
  | { readonly kind: 'reply'; readonly reply: StoreReply }
  | { readonly kind: 'retry'; readonly error: OrderLookupError; readonly waitMs: number | null }
  | { readonly kind: 'final'; readonly error: OrderLookupError };

const readJson = async (res: Response, limit: number): Promise<E.Either<string, unknown>> => {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    return E.left(`answer larger than ${limit} bytes`);
  }
  const text = await res.text();
  if (text.length > limit) return E.left(`answer larger than ${limit} bytes`);
  if (text.trim() === '') return E.right(null);
  try {
    return E.right(JSON.parse(text));
  } catch {
    return E.left('answer is not JSON');
  }
};

const TEMPORARY = new Set([502, 503, 504]);

const attemptOnce = async (url: string, requestId: string, s: StoreRequestSettings): Promise<Attempt> => {
  let res: Response;
  try {
    res = await s.fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${s.accessToken}`, 'X-Request-Id': requestId },
      signal: AbortSignal.timeout(s.timeoutMs),
      redirect: 'error',
    });
  } catch (e) {
    const name = (e as { name?: string }).name;
    const message = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${s.timeoutMs} ms` : 'could not connect';
    return { kind: 'retry', error: { kind: 'unavailable', message: `store system ${message}`, requestId }, waitMs: null };
  }
  const echoed = res.headers.get('x-request-id');
  const id = echoed !== null && echoed.length <= 128 ? echoed : requestId;
  const body = await readJson(res, s.maxResponseBytes);
  const parsed = E.isRight(body) ? body.right : null;
  const code = storeErrorCode(parsed);
  const retryAfter = parseStoreRetryAfter(res.headers.get('retry-after'));
  const waitMs = retryAfter === null ? null : retryAfter * 1000;
  if (res.status === 401 || res.status === 403) return { kind: 'final', error: { kind: 'unauthorized', status: res.status } };
  if (res.status === 429) {
    const error: OrderLookupError = { kind: 'rateLimited', retryAfterSeconds: retryAfter };
    return waitMs !== null && waitMs > s.retry.maxRetryAfterMs ? { kind: 'final', error } : { kind: 'retry', error, waitMs };
  }
  if (TEMPORARY.has(res.status)) {
    const error: OrderLookupError = {
      kind: 'unavailable',
      message: `store system temporarily unavailable (${res.status}${code ? ` ${code}` : ''})`,
      requestId: storeBodyRequestId(parsed) ?? id,
    };
    return { kind: 'retry', error, waitMs: waitMs !== null && waitMs <= s.retry.maxRetryAfterMs ? waitMs : null };
  }
  if (res.status >= 500) {
    return { kind: 'final', error: { kind: 'unavailable', message: `store system failed (${res.status}${code ? ` ${code}` : ''})`, requestId: storeBodyRequestId(parsed) ?? id } };
  }
  if (E.isLeft(body)) return { kind: 'final', error: { kind: 'badResponse', message: `store system ${body.left} (HTTP ${res.status})` } };
  return { kind: 'reply', reply: { status: res.status, body: parsed, requestId: id } };
};

/**
 * One GET to the store system: Bearer token, a request id (X-Request-Id, one per call and kept
 * across its retries so the store can tie them together), a timeout. 429 is retried after its
 * Retry-After (when not above the cap), 502/503/504 and network failures with exponential back-off,
 * at most retry.maxAttempts attempts. 401/403 are final (credentials do not get better by retrying).
 */
export const storeGet = async (url: string, s: StoreRequestSettings): Promise<E.Either<OrderLookupError, StoreReply>> => {
  const requestId = s.newRequestId();
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(url, requestId, s);
    if (outcome.kind === 'reply') return E.right(outcome.reply);
    if (outcome.kind === 'final' || attempt + 1 >= s.retry.maxAttempts) return E.left(outcome.error);
    await s.sleep(outcome.waitMs ?? storeBackoffMs(attempt, s.retry, s.random));
  }
};
