import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { HangingServer, startHangingServer } from '../support/hanging-server';
import { freshPhone, MANUAL } from '../tickets/create/support/ticket-service';
import { exited, freePort, HOST, Proc, printOutputsIfFailed, startComponent, stopAll, waitUntil } from './support/processes';

/**
 * A request holding an `Idempotency-Key` whose process is killed mid-command: the key passes on as
 * soon as the process is known to have ended (its pid is gone), so the client's repeat, through
 * another command-api process, runs the command at once instead of waiting for the key to expire.
 */
const PROCESSES = ['projectors', 'command-api-1', 'command-api-2'] as const;
type Name = (typeof PROCESSES)[number];

describe('Idempotency-Key: the process holding a key is killed mid-request (two command-api processes, one DATA_DIR)', function () {
  this.timeout(60_000);
  const ports = {} as Record<Name, number>;
  const procs = {} as Partial<Record<Name, Proc>>;
  let workDir: string | undefined;
  let hanging: HangingServer;

  before(async function () {
    this.timeout(90_000);
    hanging = await startHangingServer();
    workDir = mkdtempSync(path.join(os.tmpdir(), 'idempotency-holder-'));
    const configFile = path.join(workDir, 'accounts.json');
    // Every external system of the example (store, integration, execute actions, chat app) is the hanging server.
    writeFileSync(configFile, JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, hanging.url));
    for (const name of PROCESSES) ports[name] = await freePort();
    const env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'warn' };
    const start = (name: Name, component: string) => startComponent(component, ports[name], env, (proc) => {
      procs[name] = proc;
    });
    await start('projectors', 'projectors');
    await Promise.all([start('command-api-1', 'command-api'), start('command-api-2', 'command-api')]);
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    await hanging.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** The ids of the tickets the log holds (read from the embedded log's file). */
  const ticketsCreated = (): string[] => {
    const db = new Database(path.join(workDir!, 'data', 'events.sqlite'), { readonly: true });
    try {
      return (db.prepare("SELECT json_extract(data, '$.ticketId') AS id FROM events WHERE type = 'TicketCreated'").all() as { id: string }[]).map((r) => r.id);
    } finally {
      db.close();
    }
  };

  const create = (name: Name, key: string, body: unknown) =>
    fetch(`http://${HOST}:${ports[name]}${MANUAL}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });

  it('given a create holding its key while the store hangs, when its process is killed and the client repeats through the other process, then the repeat answers at once and the ticket is created once', async () => {
    // given
    const key = 'holder-killed-0001';
    const body = { customer: { phone: freshPhone() }, query: 'refund please', orderName: '#1001', taskName: 'Refund Request' };
    const first = create('command-api-1', key, body).catch(() => null);
    await waitUntil('the first request calling the store', async () => hanging.accepted() > 0, 10_000);
    procs['command-api-1']!.child.kill('SIGKILL');
    await exited(procs['command-api-1']!);
    expect(await first, 'the killed process answered nothing').to.equal(null);
    // The store now refuses connections: the repeat's data points are absent at once.
    await hanging.stop();
    // when
    const started = Date.now();
    const repeat = await create('command-api-2', key, body);
    const ms = Date.now() - started;
    const answer = await repeat.json() as { ticketId: string; existingTicket: boolean };
    // then: the killed request had made its ticket (customer, number and ticket are one append, before
    // the task's sources are called), and the repeat finds it open
    expect(repeat.status, JSON.stringify(answer)).to.equal(200);
    expect(ms, 'the repeat did not wait for the key').to.be.below(3_000);
    expect(answer.existingTicket, 'the ticket the killed request made').to.equal(true);
    expect(ticketsCreated(), 'one ticket in the log').to.deep.equal([answer.ticketId]);
    const again = await create('command-api-2', key, body);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(((await again.json()) as { ticketId: string }).ticketId).to.equal(answer.ticketId);
  });
});
