import net from 'node:net';
import { expect } from 'chai';
import { HEADERS_TIMEOUT_MS } from '@support/app';
import { startTestService, TestService } from '../../support/test-service';

const connect = (url: string): Promise<net.Socket> => {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
};

/** Resolves when the server closes the socket (its end or a reset), with how long it took. */
const closedByServer = (socket: net.Socket): Promise<number> => {
  const started = Date.now();
  return new Promise((resolve) => {
    socket.once('close', () => resolve(Date.now() - started));
    socket.on('error', () => undefined);
    socket.resume();
  });
};

/**
 * Clients that hold the service's connections (issue 57): one that sends its headers slowly is
 * closed after HEADERS_TIMEOUT_MS (docs/api/README.md), and one address holding more than
 * MAX_CONNECTIONS_PER_ADDRESS open connections has the next closed at once, while the others go on.
 */
/** The connections one address may hold here (MAX_CONNECTIONS_PER_ADDRESS; 1024 by default). */
const MAX = 40;

describe('slow and greedy clients', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ env: { MAX_CONNECTIONS_PER_ADDRESS: String(MAX) } });
  });
  after(async () => {
    await svc.stop();
  });

  it('given a client that sends half its headers and stops, then the service closes its connection once the headers\' time has passed, and answers others meanwhile', async () => {
    // given
    const slow = await connect(svc.url);
    const closed = closedByServer(slow);
    slow.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // when: others ask meanwhile
    expect((await svc.api('GET', '/health/live')).status).to.equal(200);
    // then
    const ms = await closed;
    expect(ms, 'held at least as long as the headers may take').to.be.at.least(HEADERS_TIMEOUT_MS - 1_000);
  });

  it('given one address holding the most connections it may, when it opens one more, then that one is closed at once and the service still answers', async () => {
    // given
    const held = await Promise.all(Array.from({ length: MAX }, () => connect(svc.url)));
    try {
      // when
      const extra = await connect(svc.url);
      await closedByServer(extra);
      // then: a connection freed makes room again
      held.pop()?.destroy();
      await new Promise((r) => setTimeout(r, 100));
      expect((await svc.api('GET', '/health/live')).status).to.equal(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
