import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import Koa from 'koa';
import { errorHandler } from '@support/http-edge';
import { silentLogger } from '../support/test-service';

/** A Koa app with the edge's error handler whose only route throws what it is given. */
const throwing = async (error: unknown): Promise<{ status: number; headers: Headers; body: any }> => {
  const app = new Koa();
  app.use(errorHandler(silentLogger));
  app.use(() => {
    throw error;
  });
  const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: res.status, headers: res.headers, body: await res.json() };
  } finally {
    server.close();
  }
};

const withCode = (code: string) => Object.assign(new Error(`${code}: something about the disk`), { code });

describe('HTTP edge: storage that cannot take data', () => {
  for (const code of ['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'ENOSPC', 'EIO']) {
    it(`given an engine that fails with ${code}, then 503 with Retry-After and the error body of docs/api/README.md, not 500`, async () => {
      const res = await throwing(withCode(code));
      expect(res.status).to.equal(503);
      expect(res.headers.get('retry-after')).to.equal('5');
      expect(res.body).to.deep.equal({
        error: 'Service Unavailable', message: 'The service cannot store data right now (its storage is full or failing): retry shortly. Reads keep working.', retryAfter: 5,
      });
    });
  }

  it('given any other failure, then 500 "Internal server error" as before', async () => {
    const res = await throwing(withCode('SQLITE_CONSTRAINT'));
    expect(res.status).to.equal(500);
    expect(res.body.message).to.equal('Internal server error');
  });
});
