import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startServiceProcess, waitReady } from '../support/service-process';
import { Ledger, orderNameOf, runTicketClients } from './ticket-clients';

const KILLS = 5;
const CLIENTS = 8;
/** Tickets acknowledged in each life of the service before it may be killed ... */
const MIN_ACKS_PER_LIFE = 20;
/** ... and how much longer the clients then run before the kill (so it lands at different points). */
const EXTRA_MS = [0, 300, 120, 450, 60];

const untilAcknowledged = async (ledger: Ledger, count: number, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (ledger.acknowledged.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${ledger.acknowledged.size} of ${count} tickets acknowledged in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

interface ListedTicket {
  readonly id: string;
  readonly orderName: string | null;
}

const listAll = async (url: string): Promise<ListedTicket[]> => {
  const out: ListedTicket[] = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${url}/apis/task-runs/tickets/list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page, limit: 250, sortOrder: 'asc' }),
    });
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { data: ListedTicket[]; totalPages: number };
    out.push(...body.data);
    if (page >= body.totalPages) return out;
  }
};

describe('crash-restart under load: SIGKILL while clients create tickets, restart at once on the same data directory', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'support-crash-'));
    writeFileSync(path.join(dir, 'accounts.json'), JSON.stringify(withoutRateLimits(exampleConfig())));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`given ${CLIENTS} clients creating tickets and ${KILLS} kills with restarts, then every acknowledged ticket is there and none that was not requested`, async () => {
    const env = { DATA_DIR: path.join(dir, 'data'), CONFIG_FILE: path.join(dir, 'accounts.json') };
    const ledger: Ledger = { requested: new Set(), acknowledged: new Map() };
    let current: string | null = null;
    const clients = runTicketClients(CLIENTS, () => current, ledger);
    const acksPerLife: number[] = [];
    try {
      for (let life = 0; life < KILLS; life += 1) {
        const service = startServiceProcess(env);
        const url = await service.url;
        await waitReady(url);
        const before = ledger.acknowledged.size;
        current = url;
        await untilAcknowledged(ledger, before + MIN_ACKS_PER_LIFE, 30_000);
        await new Promise((r) => setTimeout(r, EXTRA_MS[life % EXTRA_MS.length]));
        service.child.kill('SIGKILL'); // the next start follows at once, before this one is reaped
        current = null;
        acksPerLife.push(ledger.acknowledged.size - before);
      }
    } finally {
      await clients.stop();
    }
    expect(acksPerLife.every((n) => n >= MIN_ACKS_PER_LIFE), `tickets acknowledged in each life: ${acksPerLife.join(', ')}`).to.equal(true);

    const final = startServiceProcess(env);
    const url = await final.url;
    try {
      await waitReady(url);
      const tickets = await listAll(url);
      const byOrderName = new Map<string, string[]>();
      for (const t of tickets) byOrderName.set(String(t.orderName), [...(byOrderName.get(String(t.orderName)) ?? []), t.id]);

      const lost = [...ledger.acknowledged].filter(([n, id]) => !(byOrderName.get(orderNameOf(n)) ?? []).includes(id));
      expect(lost, 'acknowledged tickets missing after the crashes').to.deep.equal([]);
      const requestedNames = new Set([...ledger.requested].map(orderNameOf));
      const unrequested = [...byOrderName.keys()].filter((name) => !requestedNames.has(name));
      expect(unrequested, 'tickets nobody requested').to.deep.equal([]);
      const doubled = [...byOrderName].filter(([, ids]) => ids.length > 1).map(([name]) => name);
      expect(doubled, 'requests that made more than one ticket').to.deep.equal([]);
      expect(tickets.length).to.be.at.least(ledger.acknowledged.size).and.at.most(ledger.requested.size);
    } finally {
      final.child.kill('SIGTERM');
      expect((await final.exited).code).to.equal(0);
    }
  });
});
