/** One HTTP call to the chat app, with a timeout, read as JSON. */
export type PlatformAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly headers: Headers; readonly body: unknown }
  | { readonly kind: 'timeout' | 'network'; readonly message: string };

export const callPlatform = async (
  fetchImpl: typeof fetch,
  url: string,
  init: { readonly method: 'GET' | 'POST'; readonly accessToken: string; readonly body?: unknown },
  timeoutMs: number,
): Promise<PlatformAnswer> => {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetchImpl(url, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${init.accessToken}`,
        Accept: 'application/json',
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal,
    });
    const text = await res.text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return { kind: 'answer', status: res.status, headers: res.headers, body };
  } catch (e) {
    if (signal.aborted) return { kind: 'timeout', message: `The messaging platform did not answer within ${timeoutMs} ms` };
    // The cause's text only (it may name the host; never the token, which travels in a header).
    const cause = (e as { cause?: { code?: unknown } }).cause?.code;
    return { kind: 'network', message: `The messaging platform could not be reached${typeof cause === 'string' ? ` (${cause})` : ''}` };
  }
};
