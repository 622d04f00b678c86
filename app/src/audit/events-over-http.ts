import { EVENTS_PATH } from '@support/query-api';

interface HttpFeedOptions {
  readonly url: string;
  readonly token: string;
  readonly query: Readonly<Record<string, string[]>>;
  readonly write: (line: string) => void;
  readonly warn: (text: string) => void;
  /** Pause before reconnecting a dropped follow. */
  readonly reconnectMs?: number;
  readonly signal?: AbortSignal;
}

const feedUrl = (base: string, query: Readonly<Record<string, string[]>>, from: string | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(query)) if (key !== 'from' || from === undefined) for (const v of values) params.append(key, v);
  if (from !== undefined) params.set('from', from);
  const text = params.toString();
  return `${base}${EVENTS_PATH}${text ? `?${text}` : ''}`;
};

/** Thrown for an answer that trying again will not change (400, 401, 403...). */
class FeedRefused extends Error {}

/**
 * Reads GET /admin/events of a running service and hands on each line as it arrives. Following,
 * a dropped connection (service restart, network) is opened again from the position of the last
 * line, so nothing is skipped or printed twice; it stops when `signal` aborts.
 */
export const readFeedOverHttp = async (o: HttpFeedOptions): Promise<void> => {
  const follow = (o.query.follow ?? []).length > 0;
  let last: string | undefined;
  for (;;) {
    try {
      const res = await fetch(feedUrl(o.url, o.query, last), { headers: { Authorization: `Bearer ${o.token}`, Accept: 'application/x-ndjson' }, signal: o.signal });
      if (res.status !== 200) {
        const text = await res.text();
        let message = text;
        try {
          message = JSON.parse(text).message ?? text;
        } catch {
          // not JSON: the text as it is
        }
        if (res.status >= 500) throw new Error(`HTTP ${res.status}: ${message}`);
        throw new FeedRefused(`HTTP ${res.status}: ${message}`);
      }
      let rest = '';
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        rest += decoder.decode(chunk, { stream: true });
        const lines = rest.split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines.filter((l) => l !== '')) {
          last = (JSON.parse(line) as { position: string }).position;
          o.write(line);
        }
      }
      if (!follow) return;
      o.warn('the service closed the feed; reconnecting');
    } catch (e) {
      if (o.signal?.aborted) return;
      if (e instanceof FeedRefused || !follow) throw e;
      o.warn(`the feed dropped (${(e as Error).message}); reconnecting`);
    }
    await new Promise((r) => setTimeout(r, o.reconnectMs ?? 1_000));
    if (o.signal?.aborted) return;
  }
};
