import { expect } from 'chai';
import net from 'node:net';
import { TOKENS } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';

/** Sends raw bytes on a new connection and reads everything until the server closes it. */
const rawExchange = (base: string, text: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('requests the HTTP parser refuses get the error shape of docs/api/README.md (Errors) too', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.stop());

  it('given a 100 KB query string, when sent, then 431 with error and message saying what to do', async () => {
    const res = await fetch(`${svc.url}/apis/chatapp/messages?msg_id=${'a'.repeat(100_000)}`, { headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}` } });
    expect(res.status).to.equal(431);
    expect(await res.json()).to.deep.equal({
      error: 'Request Header Fields Too Large',
      message: 'The request line or headers are too large: send at most 16 KB of them (put long filters in a JSON body)',
    });
  });

  it('given bytes that are not HTTP, when sent, then 400 in the error shape of docs/api/README.md and the connection is closed', async () => {
    const answer = await rawExchange(svc.url, 'GARBAGE\r\n\r\n');
    expect(answer).to.match(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).to.contain('Connection: close');
    expect(bodyOf(answer).message).to.match(/not valid HTTP\/1\.1/);
  });

  it('given both Content-Length and Transfer-Encoding (request smuggling), when sent, then 400 in the error shape of docs/api/README.md', async () => {
    const answer = await rawExchange(svc.url, 'POST /apis/task-runs/tickets/list HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n{}');
    expect(answer).to.match(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer).error).to.equal('Bad Request');
  });
});
