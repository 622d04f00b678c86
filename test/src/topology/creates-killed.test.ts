import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SqliteEventStore } from '@support/adapters';
import { EVENTS_FILE } from '@support/app';
import { RecordedEvent, TicketCreatedData, ticketNumberStream, ticketStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { freshPhone } from '../tickets/create/support/ticket-service';
import { exited, freePort, HOST, Proc, printOutputsIfFailed, startComponent, stopAll } from './support/processes';

const CLIENTS = 16;
/** Creates sent before the kill (the process is killed in the middle of them). */
const KILL_AFTER_ACKNOWLEDGED = 150;

interface Acknowledged {
  readonly ticketId: string;
  readonly ticketNumber: number;
  readonly existingTicket: boolean;
}

const readAll = async (store: SqliteEventStore, streamName: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const e of store.readStream(streamName)) events.push(e);
  return events;
};

/**
 * A create is one decision written in one atomic append (docs/architecture.md): killed -9 in the middle
 * of a burst of creates (new customers, repeat customers whose open ticket is reused, forced creates),
 * the service loses no acknowledged create, and the account's ticket numbers stay 1..N, each used
 * once, each by a ticket that exists with that number: no number skipped by a create that died
 * half-way, none twice.
 */
describe('creates killed -9 in the middle (one process, npm start)', function () {
  this.timeout(90_000);
  const procs: Partial<Record<'service', Proc>> = {};
  let workDir: string;
  let env: NodeJS.ProcessEnv;
  let port: number;

  before(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'creates-killed-'));
    const configFile = path.join(workDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(withoutRateLimits(exampleConfig())));
    port = await freePort();
    env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'warn' };
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async () => {
    await stopAll(procs);
    rmSync(workDir, { recursive: true, force: true });
  });

  const start = () => startComponent('all', port, env, (proc) => {
    procs.service = proc;
  });

  it('given creates in flight, when the process is killed -9 and started again, then every acknowledged create is there with its number, and the numbers are 1..N, each once, each on its ticket', async () => {
    // given
    await start();
    const repeatPhones = Array.from({ length: 5 }, () => freshPhone());
    const acknowledged: Acknowledged[] = [];
    let sent = 0;
    const send = async (i: number): Promise<void> => {
      const body = i % 4 === 0
        ? { customer: { phone: repeatPhones[i % repeatPhones.length] }, query: `repeat ${i}` }
        : { customer: { phone: freshPhone(), email: `crash${i}@example.com` }, query: `new ${i}`, ...(i % 7 === 0 ? { forceCreateTicket: true } : {}) };
      const res = await fetch(`http://${HOST}:${port}/apis/tickets/manual`, {
        method: 'POST', headers: { authorization: `Bearer ${TOKENS.acmeAdmin}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      }).catch(() => null);
      if (res?.status !== 200) return;
      const answer = await res.json().catch(() => null) as { ticketId: string; existingTicket: boolean; ticket: { ticketNumber: number } } | null;
      if (answer !== null) acknowledged.push({ ticketId: answer.ticketId, ticketNumber: answer.ticket.ticketNumber, existingTicket: answer.existingTicket });
    };
    // when: clients create until enough are acknowledged, then the process is killed in the middle of the next ones
    let killed = false;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (!killed) {
        await send(sent++);
        if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED && !killed) {
          killed = true;
          procs.service?.child.kill('SIGKILL');
        }
      }
    }));
    await exited(procs.service!);
    await start();
    const listed = await (await fetch(`http://${HOST}:${port}/apis/task-runs/tickets/list`, {
      method: 'POST', headers: { authorization: `Bearer ${TOKENS.acmeAdmin}`, 'content-type': 'application/json' }, body: JSON.stringify({ limit: 1 }),
    })).json() as { total: number };
    await stopAll(procs);
    // then
    const store = SqliteEventStore.open({ file: path.join(env.DATA_DIR as string, EVENTS_FILE) });
    try {
      const numbered = (await readAll(store, ticketNumberStream('acme'))).map((e) => e.data as { ticketId: string; ticketNumber: number });
      expect(numbered.map((n) => n.ticketNumber), 'the numbers handed out: 1..N').to.deep.equal(numbered.map((_, i) => i + 1));
      expect(new Set(numbered.map((n) => n.ticketId)).size, 'each number on a ticket of its own').to.equal(numbered.length);
      for (const { ticketId, ticketNumber } of numbered) {
        const [created] = await readAll(store, ticketStream(ticketId));
        expect(created?.type, `ticket ${ticketNumber} exists`).to.equal('TicketCreated');
        expect((created.data as TicketCreatedData).ticketNumber).to.equal(ticketNumber);
      }
      const byTicket = new Map(numbered.map((n) => [n.ticketId, n.ticketNumber]));
      for (const a of acknowledged) expect(byTicket.get(a.ticketId), `acknowledged ticket ${a.ticketNumber}`).to.equal(a.ticketNumber);
      expect(acknowledged.filter((a) => a.existingTicket).length, 'some repeat customers had their open ticket reused').to.be.greaterThan(0);
      expect(listed.total, 'the list holds every ticket of the log').to.equal(numbered.length);
      // eslint-disable-next-line no-console
      console.log(`      ${acknowledged.length} creates acknowledged of ${sent} sent; ${numbered.length} tickets numbered 1..${numbered.length} in the log`);
    } finally {
      await store.close();
    }
  });
});
