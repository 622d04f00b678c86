import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { AllowedHost, ServiceItself, TargetCheck, WebhookAttempt, WebhookRequest, WebhookTransport } from '@support/domain';
import { bodyExcerpt, EXCERPT_BYTES } from './body-excerpt';
import { pinnedAgents, pinnedTo } from './pinned-agents';
import { redirectError } from './redirect-error';
import { retryAfterMs } from './retry-after';
import { resolveTarget, TargetRules } from './webhook-target';
import { webhookSignature, webhookTimestamp } from './webhook-signature';

interface WebhookSenderOptions {
  /** An attempt (resolution, connection, answer and body) ends after this long, as kind 'timeout'. Default 10 s. */
  readonly timeoutMs?: number;
  /** Of the answer's body, reading stops (the connection is closed) once this much has come. Default 64 KB. */
  readonly maxResponseBytes?: number;
  /** Hosts (names or IP literals), each on one port, that may be plain http and may resolve to private or loopback addresses (WEBHOOK_ALLOWED_HOSTS). */
  readonly allowedHosts?: readonly AllowedHost[];
  /** Where the service itself answers: never a target. Unset: a sender with no service behind it (tests). */
  readonly serviceItself?: ServiceItself;
  /** DNS resolution; default node:dns lookup with every address. Tests inject one. */
  readonly lookup?: (host: string) => Promise<readonly string[]>;
}

const USER_AGENT = 'support-webhooks/1';

const resolveAll = async (host: string): Promise<readonly string[]> => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Webhook delivery over HTTP(S) as Standard Webhooks says: a POST of the JSON body with
 * webhook-id, webhook-timestamp and webhook-signature (one `v1,` signature per secret, which the
 * standardwebhooks package verifies, as the tests do).
 *
 * - The target is checked at every attempt (see resolveTarget): never the service itself, https
 *   unless the host and port are allowed, and no private, loopback, link-local, … address unless
 *   the host and port are allowed. A refused target is kind 'refused' and nothing is sent; a host
 *   that does not resolve is kind 'network' (DNS may answer later).
 * - The connection goes only to the addresses just checked (see pinned-agents: DNS rebinding).
 * - Redirects are not followed: a 3xx answer is kind 'redirect', its Location's origin in the error
 *   (node:http never follows one by itself).
 * - At most `maxResponseBytes` of the answer are read; the attempt still counts by its status, and
 *   `bodyExcerpt` keeps at most 1 KB of it. Retry-After (seconds or a date) of any answer is kept.
 * - The whole attempt, DNS included, is bounded by `timeoutMs` (kind 'timeout'); the request's
 *   signal abandons it (kind 'network').
 * - Nothing is logged; errors name the host or an error code, never a header, secret or the URL's
 *   path and query.
 *
 * node:http rather than fetch: fetch cannot be given a lookup for its connection without undici's
 * Agent (not a dependency here), and an injected fetch would bypass the pinning; tests use real
 * local servers instead.
 */
export const webhookSender = (options: WebhookSenderOptions = {}): WebhookTransport => {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  const rules: TargetRules = { allowedHosts: options.allowedHosts ?? [], serviceItself: options.serviceItself, lookup: options.lookup ?? resolveAll };
  const agents = pinnedAgents();

  const send = async (request: WebhookRequest): Promise<WebhookAttempt> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signature = webhookSignature(request.secrets, request.messageId, request.timestamp, request.body);
    const body = Buffer.from(request.body, 'utf8');
    if (request.signal?.aborted) return { kind: 'network', durationMs: 0, error: 'the delivery was abandoned' };

    return new Promise<WebhookAttempt>((resolve, reject) => {
      let settled = false;
      let outgoing: http.ClientRequest | undefined;
      const finish = (attempt: WebhookAttempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        resolve(attempt);
      };
      const fail = (kind: 'timeout' | 'network' | 'refused' | 'redirect', error: string) => finish({ kind, durationMs: elapsed(), error });
      const timer = setTimeout(() => {
        fail('timeout', `the delivery did not complete within ${timeoutMs} ms`);
        outgoing?.destroy();
      }, timeoutMs);
      const onAbort = () => {
        fail('network', 'the delivery was abandoned');
        outgoing?.destroy();
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });

      const exchange = async () => {
        const target = await resolveTarget(request.url, rules);
        if (settled) return;
        if (!target.ok) {
          fail(target.unresolved ? 'network' : 'refused', `the target is refused: ${target.reason}`);
          return;
        }
        const headers = {
          'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': USER_AGENT,
          'webhook-id': request.messageId, 'webhook-timestamp': webhookTimestamp(request.timestamp), 'webhook-signature': signature,
        };
        const client = target.url.protocol === 'https:' ? https : http;
        const agent = agents[target.url.protocol as 'http:' | 'https:'];
        const req = client.request(target.url, { method: 'POST', headers, agent, ...pinnedTo(target.addresses) } as http.RequestOptions, (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            fail('redirect', redirectError(status, res.headers.location, target.url));
            res.destroy();
            return;
          }
          const kept: Buffer[] = [];
          let keptBytes = 0;
          let read = 0;
          const answered = () => {
            const after = retryAfterMs(res.headers['retry-after']);
            finish({ kind: 'answered', status, durationMs: elapsed(), ...(after !== undefined ? { retryAfterMs: after } : {}), bodyExcerpt: bodyExcerpt(Buffer.concat(kept)) });
          };
          res.on('data', (chunk: Buffer) => {
            if (keptBytes < EXCERPT_BYTES) {
              kept.push(chunk.subarray(0, EXCERPT_BYTES - keptBytes));
              keptBytes += Math.min(chunk.length, EXCERPT_BYTES - keptBytes);
            }
            read += chunk.length;
            if (read >= maxResponseBytes) {
              answered();
              res.destroy();
            }
          });
          // The body ending early or cut (a reset) still leaves the status, which is what counts.
          res.on('end', answered);
          res.on('error', answered);
          res.on('close', answered);
        });
        outgoing = req;
        req.on('error', (e: NodeJS.ErrnoException) => fail('network', `could not deliver to ${target.host} (${e.code ?? e.name})`));
        req.end(body);
      };
      exchange().catch((e: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        outgoing?.destroy();
        reject(e);
      });
    });
  };

  return {
    send,
    checkTarget: async (url: string): Promise<TargetCheck> => {
      const target = await resolveTarget(url, rules);
      return target.ok ? { ok: true } : { ok: false, reason: target.reason };
    },
  };
};
