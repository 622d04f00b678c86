import http from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

/**
 * The external API of execute actions, on loopback: /eligibility/<id> answers eligibility,
 * /fail answers 500, /slow answers after 2 s, /echo/... echoes what it got. Every request is kept.
 */
export class FakeActionApi {
  readonly received: ReceivedRequest[] = [];
  private server!: http.Server;
  port = 0;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        const body = text === '' ? null : JSON.parse(text);
        this.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const json = (status: number, payload: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json', 'X-Upstream': 'fake' });
          res.end(JSON.stringify(payload));
        };
        const url = req.url ?? '';
        if (url.startsWith('/eligibility/')) return json(200, { eligible: true, reason: 'within window' });
        if (url.startsWith('/fail')) return json(500, { message: 'upstream broke' });
        if (url.startsWith('/slow')) {
          const timer = setTimeout(() => json(200, { late: true }), 2_000);
          res.on('close', () => clearTimeout(timer));
          return undefined;
        }
        return json(200, { method: req.method, url, body });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
