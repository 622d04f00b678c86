import * as E from 'fp-ts/Either';
import { ChatAppFailure } from '@support/domain';
import { callPlatform, PlatformAnswer } from './platform-call';
import { failureOf } from './platform-failure';

export interface ChatAppRetrySettings {
  /** HTTP calls at most per operation (the first and its retries). */
  readonly maxCalls: number;
  readonly timeoutMs: number;
  /** Pause before call n+1 after call n failed retryably. */
  readonly backoffMs: (call: number) => number;
  /** Longest Retry-After honoured inside one operation; a longer one ends the operation (retryable). */
  readonly maxInlineWaitMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

type Success = Extract<PlatformAnswer, { kind: 'answer' }> & { readonly calls: number };

/**
 * Calls until a 2xx, a final failure, or maxCalls: 429, 5xx and no answer are retried with
 * backoff (bounded); other 4xx end at once. The last failure keeps the platform's code and message.
 */
export const retryingCall = async (
  fetchImpl: typeof fetch,
  url: string,
  init: Parameters<typeof callPlatform>[2],
  settings: ChatAppRetrySettings,
): Promise<E.Either<ChatAppFailure, Success>> => {
  for (let call = 1; ; call++) {
    const answer = await callPlatform(fetchImpl, url, init, settings.timeoutMs);
    if (answer.kind === 'answer' && answer.status >= 200 && answer.status < 300) return E.right({ ...answer, calls: call });
    const failure = failureOf(answer, call);
    if (!failure.retryable || call >= settings.maxCalls) return E.left(failure);
    const wait = Math.max(settings.backoffMs(call), failure.retryAfterMs ?? 0);
    if (wait > settings.maxInlineWaitMs) return E.left(failure);
    await settings.sleep(wait);
  }
};
