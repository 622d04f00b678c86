import http from 'node:http';
import { AddressInfo } from 'node:net';
import type { FakeAnswer } from './fake-answer';
import { refusalOf } from './fake-template-check';

export type { FakeAnswer } from './fake-answer';

interface ReceivedSend {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: any;
  /** The status the fake answered. */
  readonly status: number;
  readonly at: number;
}

interface ReceivedTemplateRequest {
  readonly url: string;
  readonly authorization: string | undefined;
}

/**
 * A local fake of the WhatsApp Cloud API on 127.0.0.1 (port 0): the template list with paging
 * (paging.next until the last page) and the message send, with scripted failures. A send of a
 * template it lists is refused as the platform would when its body parameters do not fit
 * (named ones need their parameter_name).
 */
export interface FakeCloudApi {
  readonly url: string;
  /** Template pages: page i is answered for cursor "page-i" (the first without a cursor). */
  templatePages: unknown[][];
  /** Answers given to template requests before the pages (one each, in order). */
  readonly templateScript: FakeAnswer[];
  /** Answers given to sends before the default success (one each, in order). */
  readonly sendScript: FakeAnswer[];
  readonly sends: ReceivedSend[];
  readonly templateRequests: ReceivedTemplateRequest[];
  /** Sends answered with success (the messages the platform took). */
  delivered(): ReceivedSend[];
  reset(): void;
  stop(): Promise<void>;
}

const send = (res: http.ServerResponse, answer: FakeAnswer) => {
  res.writeHead(answer.status, { 'Content-Type': 'application/json', ...(answer.headers ?? {}) });
  res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
};

const later = (ms: number | undefined) => new Promise((r) => setTimeout(r, ms ?? 0));

export const startFakeCloudApi = async (): Promise<FakeCloudApi> => {
  let nextId = 1;
  const fake = {
    url: '',
    templatePages: [] as unknown[][],
    templateScript: [] as FakeAnswer[],
    sendScript: [] as FakeAnswer[],
    sends: [] as ReceivedSend[],
    templateRequests: [] as ReceivedTemplateRequest[],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', fake.url);
      const templates = /^\/([^/]+)\/([^/]+)\/message_templates$/.exec(url.pathname);
      const messages = /^\/([^/]+)\/([^/]+)\/messages$/.exec(url.pathname);
      if (req.method === 'GET' && templates) {
        fake.templateRequests.push({ url: url.toString(), authorization: req.headers.authorization });
        const scripted = fake.templateScript.shift();
        if (scripted) {
          await later(scripted.delayMs);
          return send(res, scripted);
        }
        const after = url.searchParams.get('after');
        const index = after ? Number(after.replace('page-', '')) : 0;
        const data = fake.templatePages[index] ?? [];
        const more = index + 1 < fake.templatePages.length;
        const next = new URL(url.toString());
        next.searchParams.set('after', `page-${index + 1}`);
        return send(res, {
          status: 200,
          body: { data, paging: { cursors: { before: `page-${index}`, after: `page-${index + 1}` }, ...(more ? { next: next.toString() } : {}) } },
        });
      }
      if (req.method === 'POST' && messages) {
        let body: any;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const scripted = fake.sendScript.shift() ?? refusalOf(fake.templatePages.flat(), body);
        const answer: FakeAnswer = scripted ?? {
          status: 200,
          body: { messaging_product: 'whatsapp', contacts: [{ input: body?.to, wa_id: String(body?.to ?? '').replace('+', '') }], messages: [{ id: `wamid.fake-${nextId++}` }] },
        };
        fake.sends.push({ path: url.pathname, authorization: req.headers.authorization, body, status: answer.status, at: Date.now() });
        await later(answer.delayMs);
        return send(res, answer);
      }
      send(res, { status: 404, body: { error: { message: 'Unknown path', code: 803 } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    delivered: () => fake.sends.filter((s) => s.status >= 200 && s.status < 300),
    reset: () => {
      fake.templatePages = [];
      fake.templateScript.length = 0;
      fake.sendScript.length = 0;
      fake.sends.length = 0;
      fake.templateRequests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};

/** Meta's error body. */
export const platformError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): FakeAnswer => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'trace-1', ...extra } },
});
