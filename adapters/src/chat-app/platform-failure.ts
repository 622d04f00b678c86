import { ChatAppFailure } from '@support/domain';
import { PlatformAnswer } from './platform-call';

/**
 * Meta error codes that mean "too many requests, later" even when the HTTP status is 400:
 * 4 (API too many calls), 80007 (WABA rate limit), 130429 (throughput), 131056 (pair rate limit).
 */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056]);
const MAX_MESSAGE = 500;

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export const retryAfterMs = (headers: Headers, now = Date.now()): number | undefined => {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

/**
 * A failed answer as a ChatAppFailure: the platform's { error: { message, code, error_subcode,
 * error_data.details, fbtrace_id } } kept; 429 and 5xx (and Meta's rate-limit codes) retryable,
 * other 4xx final.
 */
export const failureOf = (answer: PlatformAnswer, calls: number): ChatAppFailure => {
  if (answer.kind !== 'answer') return { kind: answer.kind, code: answer.kind, message: answer.message, retryable: true, calls };
  const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : {};
  const code = typeof error.code === 'number' || typeof error.code === 'string' ? error.code : undefined;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : undefined;
  const details = isRecord(error.error_data) && typeof error.error_data.details === 'string' ? error.error_data.details.slice(0, MAX_MESSAGE) : undefined;
  const message = typeof error.message === 'string' && error.message !== '' ? error.message.slice(0, MAX_MESSAGE) : `The messaging platform answered HTTP ${answer.status}`;
  const retryable = answer.status === 429 || answer.status >= 500 || (typeof code === 'number' && RATE_LIMIT_CODES.has(code));
  const wait = retryAfterMs(answer.headers);
  return {
    kind: 'platform',
    code: code !== undefined ? String(code) : `http_${answer.status}`,
    message,
    httpStatus: answer.status,
    ...(subcode !== undefined ? { subcode } : {}),
    ...(details !== undefined ? { details } : {}),
    ...(typeof error.fbtrace_id === 'string' ? { traceId: error.fbtrace_id } : {}),
    retryable,
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
    calls,
  };
};

export const invalidResponse = (message: string, calls: number, httpStatus: number): ChatAppFailure => ({
  kind: 'invalid_response', code: 'invalid_response', message, httpStatus, retryable: false, calls,
});
