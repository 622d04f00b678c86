import * as E from 'fp-ts/Either';
import { ConfiguredHttp, HttpCallFailure, HttpCallResponse } from '@support/domain';
import { fillUrlPlaceholders } from './fill-url';

const DEFAULT_TIMEOUT_MS = 10_000;
/** Answers larger than this are not read whole (an external system cannot exhaust our memory). */
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (text.length > MAX_RESPONSE_BYTES) return null;
  if (text === '') return null;
  const type = res.headers.get('content-type') ?? '';
  if (/json/i.test(type) || /^[\s]*[[{"]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

/** ConfiguredHttp over the platform's fetch. */
export const fetchConfiguredHttp = (fetchImpl: typeof fetch = fetch): ConfiguredHttp => ({
  call: async (request, options) => {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    const { url, missing } = fillUrlPlaceholders(request.url, options.placeholders);
    if (missing.length > 0) {
      return E.left<HttpCallFailure>({ kind: 'invalidUrl', message: `no value for URL placeholder ${missing.map((m) => `{{${m}}}`).join(', ')}`, durationMs: elapsed() });
    }
    const timeoutMs = request.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers: Record<string, string> = { Accept: 'application/json', ...(request.headers ?? {}) };
    let body: string | undefined;
    if (options.jsonBody !== undefined && request.method !== 'GET') {
      body = JSON.stringify(options.jsonBody);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    }
    try {
      const res = await fetchImpl(url, { method: request.method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
      const parsed = await readBody(res);
      const responseHeaders: Record<string, string> = {};
      res.headers.forEach((v, k) => (responseHeaders[k] = v));
      return E.right<HttpCallFailure, HttpCallResponse>({ status: res.status, headers: responseHeaders, body: parsed, durationMs: elapsed() });
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return E.left<HttpCallFailure>({ kind: 'timeout', timeoutMs, durationMs: elapsed() });
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      return E.left<HttpCallFailure>({ kind: 'network', message: cause?.code ?? cause?.message ?? (e as Error).message, durationMs: elapsed() });
    }
  },
});
