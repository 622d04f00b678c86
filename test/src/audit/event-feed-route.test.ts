import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { capturedLogger } from '../logging/captured-logger';
import { createTicket, OPERATOR_TOKEN, readFeed, startAuditedService } from './audit-service';

describe('GET /admin/events: the event log of the running service (auditors)', function () {
  this.timeout(20_000);
  let svc: TestService;
  let acmeTicket: string;
  let globexTicket: string;
  const captured = capturedLogger('info');

  before(async () => {
    svc = await startAuditedService({ logger: captured.logger });
    acmeTicket = await createTicket(svc, '+14155550601');
    globexTicket = await createTicket(svc, '+14155550602', TOKENS.globexAdmin);
  });
  after(() => svc?.stop());

  describe('who may read', () => {
    it('answers 401 without a Bearer token and 403 for a token that is not valid', async () => {
      expect((await svc.api('GET', '/admin/events')).status).to.equal(401);
      expect((await readFeed(svc, '', 'not-a-token')).status).to.equal(403);
    });

    it('answers 403 for an agent\'s access token', async () => {
      const res = await readFeed(svc, '', TOKENS.acmeAgent);
      expect(res.status).to.equal(403);
      expect(res.body.message).to.match(/admin/);
    });

    it('given an account admin\'s token, then only that account\'s events, and 403 for another account', async () => {
      const res = await readFeed(svc, '', TOKENS.acmeAdmin);
      expect(res.status).to.equal(200);
      expect(res.events.length).to.be.greaterThan(0);
      expect(res.events.every((e) => e.metadata.accountId === 'acme')).to.equal(true);
      expect(res.events.some((e) => e.streamName === `ticket-${acmeTicket}`)).to.equal(true);
      expect((await readFeed(svc, 'account=globex', TOKENS.acmeAdmin)).status).to.equal(403);
    });

    it('given the operator token, then every account, and one account when asked', async () => {
      const all = await readFeed(svc, '');
      expect(new Set(all.events.map((e) => e.metadata.accountId))).to.deep.equal(new Set(['acme', 'globex']));
      const globex = await readFeed(svc, 'account=globex');
      expect(globex.events.length).to.be.greaterThan(0);
      expect(globex.events.every((e) => e.metadata.accountId === 'globex')).to.equal(true);
    });
  });

  describe('what to read', () => {
    it('answers NDJSON: one event per line with position, stream, revision, type, data and metadata, in global order', async () => {
      const res = await readFeed(svc, '');
      expect(res.contentType).to.equal('application/x-ndjson; charset=utf-8');
      const first = res.events[0];
      expect(first).to.have.keys(['position', 'streamName', 'revision', 'id', 'type', 'created', 'data', 'metadata']);
      const commits = res.events.map((e) => Number(e.position.split('/')[0]));
      expect(commits).to.deep.equal([...commits].sort((a, b) => a - b));
    });

    it('by stream', async () => {
      const res = await readFeed(svc, `stream=ticket-${acmeTicket}`);
      expect(res.events.length).to.be.greaterThan(0);
      expect(res.events.every((e) => e.streamName === `ticket-${acmeTicket}`)).to.equal(true);
      expect(res.events.map((e) => e.revision)).to.deep.equal(res.events.map((_, i) => String(i)));
      expect(res.events[0]).to.include({ type: 'TicketCreated', revision: '0' });
    });

    it('by ticket: its stream and the events that name it (its number, its open-ticket slot)', async () => {
      const res = await readFeed(svc, `ticket=${acmeTicket}`);
      const types = res.events.map((e) => e.type);
      expect(types).to.include.members(['OpenTicketClaimed', 'TicketNumberAssigned', 'TicketCreated']);
      expect(res.events.every((e) => e.streamName === `ticket-${acmeTicket}` || e.data.ticketId === acmeTicket)).to.equal(true);
      expect(res.events.some((e) => JSON.stringify(e).includes(globexTicket))).to.equal(false);
    });

    it('by event type, several types, and prefix', async () => {
      const created = await readFeed(svc, 'type=TicketCreated');
      expect(created.events.map((e) => e.data.ticketId ?? e.streamName)).to.have.members([acmeTicket, globexTicket]);
      const two = await readFeed(svc, 'type=TicketCreated,CustomerCreated');
      expect(new Set(two.events.map((e) => e.type))).to.deep.equal(new Set(['TicketCreated', 'CustomerCreated']));
      const customers = await readFeed(svc, 'prefix=customer-');
      expect(customers.events.every((e) => e.streamName.startsWith('customer-'))).to.equal(true);
    });

    it('from a position: only the events after it', async () => {
      const all = await readFeed(svc, '');
      const after = await readFeed(svc, `from=${all.events[2].position}`);
      expect(after.events.map((e) => e.id)).to.deep.equal(all.events.slice(3).map((e) => e.id));
    });

    it('answers 400 naming an unknown parameter or a malformed position', async () => {
      const unknown = await readFeed(svc, 'colour=red');
      expect(unknown.status).to.equal(400);
      expect(unknown.body.message).to.match(/Unknown parameter "colour"/);
      expect((await readFeed(svc, 'from=yesterday')).status).to.equal(400);
      expect((await readFeed(svc, 'follow=maybe')).status).to.equal(400);
    });
  });

  describe('follow', () => {
    it('given follow=true, when a ticket is created, then its events arrive on the open answer; when the reader leaves, the feed stops', async () => {
      // given a reader following the TicketCreated events
      const abort = new AbortController();
      const res = await fetch(`${svc.url}/admin/events?type=TicketCreated&follow=true`, { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` }, signal: abort.signal });
      expect(res.status).to.equal(200);
      const reader = res.body!.getReader();
      let buffered = '';
      const nextLine = async (): Promise<any> => {
        while (!buffered.includes('\n')) {
          const { value, done } = await reader.read();
          if (done) throw new Error('the feed ended');
          buffered += Buffer.from(value).toString('utf8');
        }
        const at = buffered.indexOf('\n');
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        return JSON.parse(line);
      };
      // the stored ones first
      expect((await nextLine()).data.ticketId).to.equal(acmeTicket);
      expect((await nextLine()).data.ticketId).to.equal(globexTicket);
      // when a ticket is created
      const created = await createTicket(svc, '+14155550603');
      // then its event arrives
      expect(await nextLine()).to.deep.include({ type: 'TicketCreated', streamName: `ticket-${created}` });
      // and when the reader leaves, the service ends the feed
      abort.abort();
      const deadline = Date.now() + 5_000;
      while (!captured.entries().some((e) => e.message === 'event feed ended' && e.follow === true) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(captured.entries().find((e) => e.message === 'event feed ended' && e.follow === true)).to.include({ clientLeft: true, lines: 3 });
    });
  });
});
