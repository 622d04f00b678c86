import http from 'node:http';
import { AddressInfo } from 'node:net';
import { AllowedHost, normalizeHost } from '@support/domain';

/** One request the receiver got, with its headers and raw body. */
export interface ReceivedWebhook {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly json: any;
  readonly at: number;
}

/** A status (and headers) to answer with, one per request before the default 200. */
interface ReceiverAnswer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly delayMs?: number;
}

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Answers given before the default 200, in order. */
  readonly script: ReceiverAnswer[];
  stop(): Promise<void>;
}

/** A local receiver on 127.0.0.1: records every request and answers 200 unless scripted otherwise. */
export const startWebhookReceiver = async (path = '/hooks', port = 0): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  const script: ReceiverAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      received.push({ headers, body, json, at: Date.now() });
      const answer = script.shift() ?? { status: 200 };
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    script,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
};

/** WEBHOOK_ALLOWED_HOSTS allowing these URLs' receivers, each on its own host and port ("127.0.0.1:41234,127.0.0.1:41235"). */
export const allowedHostsOf = (...urls: readonly string[]): string => urls.map((u) => new URL(u).host).join(',');

/** The same as the sender takes them: each URL's host on its port. */
export const allowedHostsFor = (...urls: readonly string[]): AllowedHost[] =>
  urls.map((u) => new URL(u)).map((url) => ({ host: normalizeHost(url.hostname), port: Number(url.port) }));
