import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { TargetCheck, WebhookAttempt, WebhookRequest, WebhookTransport } from '@support/domain';
import { forbiddenAddress } from './forbidden-addresses';

export interface WebhookSenderOptions {
  /** A delivery (connect, answer, body) ends after this long. Default 10 s. */
  readonly timeoutMs?: number;
  /** Of the answer's body, at most this much is read. Default 64 KB. */
  readonly maxResponseBytes?: number;
  /** Hosts (names or IP literals) that may be plain http and may resolve to private or loopback addresses. */
  readonly allowedHosts?: readonly string[];
  /** DNS resolution; default node:dns lookup with every address. */
  readonly lookup?: (host: string) => Promise<readonly string[]>;
}

const EXCERPT_BYTES = 1_024;
const USER_AGENT = 'support-webhooks/1';

const resolveAll = async (host: string): Promise<readonly string[]> => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Retry-After in seconds or as an HTTP date, in ms from now. */
const retryAfterMs = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1_000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

/**
 * Webhook delivery over HTTP(S), signed as Standard Webhooks says (the standardwebhooks package:
 * webhook-id, webhook-timestamp, webhook-signature with one `v1,` signature per secret).
 * The target is checked before every request: https (plain http only for an allowed host), and
 * every address its host resolves to must be public unless the host is allowed. The request then
 * connects to the first address that was checked (the socket's lookup is pinned to it), so a DNS
 * answer that changes between the check and the connection (rebinding) cannot send it elsewhere;
 * TLS still verifies the certificate against the host name. Redirects are not followed (an attempt
 * of kind 'redirect'); at most `maxResponseBytes` of the answer are read; the whole attempt is
 * bounded by `timeoutMs`. Nothing is logged, and errors carry no header or secret.
 */
export const webhookSender = (options: WebhookSenderOptions = {}): WebhookTransport => {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const lookup = options.lookup ?? resolveAll;

  /** The addresses the request may connect to, or why none. */
  const check = async (raw: string): Promise<{ ok: true; url: URL; address: string } | { ok: false; reason: string }> => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'the URL is not absolute' };
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const isAllowed = allowed.has(host);
    if (url.username !== '' || url.password !== '') return { ok: false, reason: 'the URL carries credentials' };
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowed)) return { ok: false, reason: 'the URL is not https (plain http only for hosts the operator allows)' };
    let addresses: readonly string[];
    try {
      addresses = isIP(host) !== 0 ? [host] : await lookup(host);
    } catch {
      return { ok: false, reason: `the host ${host} does not resolve` };
    }
    if (addresses.length === 0) return { ok: false, reason: `the host ${host} does not resolve` };
    if (!isAllowed) {
      for (const address of addresses) {
        const why = forbiddenAddress(address);
        if (why !== null) return { ok: false, reason: `the host ${host} resolves to ${why}` };
      }
    }
    return { ok: true, url, address: addresses[0] };
  };

  const send = async (request: WebhookRequest): Promise<WebhookAttempt> => {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    const target = await check(request.url);
    if (!target.ok) return { kind: 'refused', durationMs: elapsed(), error: `the target is refused: ${target.reason}` };
    const signature = request.secrets.map((secret) => new Webhook(secret).sign(request.messageId, request.timestamp, request.body)).join(' ');
    const body = Buffer.from(request.body, 'utf8');
    const family = isIP(target.address);
    const pinned: LookupFunction = (_host, opts, callback) => {
      if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family }]);
      else callback(null, target.address, family);
    };
    const client = target.url.protocol === 'https:' ? https : http;
    return new Promise<WebhookAttempt>((resolve) => {
      let settled = false;
      const finish = (attempt: WebhookAttempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        resolve(attempt);
      };
      const req = client.request(target.url, {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': USER_AGENT,
          'webhook-id': request.messageId, 'webhook-timestamp': String(Math.floor(request.timestamp.getTime() / 1000)), 'webhook-signature': signature,
        },
      }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          finish({ kind: 'redirect', durationMs: elapsed(), error: `the receiver answered HTTP ${status} (a redirect, not followed)` });
          return;
        }
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const after = retryAfterMs(res.headers['retry-after']);
          finish({ kind: 'answered', status, durationMs: elapsed(), ...(after !== undefined ? { retryAfterMs: after } : {}), bodyExcerpt: excerpt });
        };
        res.on('data', (chunk: Buffer) => {
          if (read < EXCERPT_BYTES) chunks.push(chunk);
          read += chunk.length;
          if (read >= maxResponseBytes) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish({ kind: 'timeout', durationMs: elapsed(), error: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      const onAbort = () => {
        req.destroy();
        finish({ kind: 'network', durationMs: elapsed(), error: 'the delivery was abandoned' });
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (e: NodeJS.ErrnoException) => finish({ kind: 'network', durationMs: elapsed(), error: `could not deliver (${e.code ?? e.name})` }));
      req.end(body);
    });
  };

  return {
    send,
    checkTarget: async (url: string): Promise<TargetCheck> => {
      const target = await check(url);
      return target.ok ? { ok: true } : { ok: false, reason: target.reason };
    },
  };
};
