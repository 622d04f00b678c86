import { expect } from 'chai';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { createTicket, OPERATOR_TOKEN, startAuditedService } from './audit-service';

const CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'audit-events.js');

/** `npm run events -- ...` as a child process; its stdout lines parsed as they come. */
const startFollower = (args: string[], env: NodeJS.ProcessEnv) => {
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const events: any[] = [];
  let stderr = '';
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    rest += d.toString();
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines) if (l !== '') events.push(JSON.parse(l));
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = async (what: string, test: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`follower: ${what} not seen in ${ms} ms (stderr: ${stderr})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, events, exit, until, stderr: () => stderr };
};

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

describe('npm run events: auditors follow a running service', function () {
  this.timeout(30_000);
  let svc: TestService;
  let follower: ReturnType<typeof startFollower> | undefined;

  beforeEach(async () => {
    svc = await startAuditedService();
  });
  afterEach(async () => {
    follower?.child.kill('SIGKILL');
    follower = undefined;
    await svc?.stop();
  });

  it('given a running service and a follower, when a ticket is created, then its events are printed as they are appended', async () => {
    // given a ticket made before the follower starts
    const before = await createTicket(svc, '+14155550701');
    // when the follower starts on the running service (no stop, no lock taken)
    follower = startFollower(['--url', svc.url, '--follow', '--prefix', 'ticket-'], { EVENTS_TOKEN: OPERATOR_TOKEN });
    const f = follower;
    // then the stored events come first
    await f.until('the stored ticket', () => f.events.some((e) => e.streamName === `ticket-${before}`));
    // and when a ticket is created (appended) while it follows
    const created = await createTicket(svc, '+14155550702');
    // then its events are printed, in log order, each once
    await f.until('the new ticket', () => f.events.some((e) => e.streamName === `ticket-${created}` && e.type === 'TicketCreated'));
    expect(f.events.every((e) => e.streamName.startsWith('ticket-'))).to.equal(true);
    const commits = f.events.map((e) => Number(e.position.split('/')[0]));
    expect(commits).to.deep.equal([...commits].sort((a, b) => a - b));
    expect(new Set(f.events.map((e) => e.id)).size).to.equal(f.events.length);
    expect(f.events.find((e) => e.streamName === `ticket-${created}`).metadata).to.include({ accountId: 'acme', userId: 'tok-admin' });
    // and it stops cleanly on SIGTERM
    f.child.kill('SIGTERM');
    expect(await f.exit).to.equal(0);
  });

  it('given the service restarts on the same data and port, then the follower reconnects from its last position: nothing skipped, nothing twice', async () => {
    const first = await createTicket(svc, '+14155550703');
    follower = startFollower(['--url', svc.url, '--follow', '--type', 'TicketCreated'], { EVENTS_TOKEN: OPERATOR_TOKEN });
    const f = follower;
    await f.until('the first ticket', () => f.events.some((e) => e.data.ticketId === first));
    // when the service stops and starts again on its data and port
    const { dataDir } = svc;
    const port = new URL(svc.url).port;
    await svc.stop({ remove: false });
    svc = await startAuditedService({ dataDir, env: { PORT: port } });
    const second = await createTicket(svc, '+14155550704');
    // then the new ticket is printed, the old one not again
    await f.until('the ticket made after the restart', () => f.events.some((e) => e.data.ticketId === second));
    expect(f.events.map((e) => e.data.ticketId)).to.deep.equal([first, second]);
    expect(f.stderr()).to.match(/reconnecting/);
  });

  it('given an account admin\'s token, then one account\'s stream by ticket, without following', async () => {
    const ticketId = await createTicket(svc, '+14155550705');
    await createTicket(svc, '+14155550706', TOKENS.globexAdmin);
    const res = await run(['--url', svc.url, '--ticket', ticketId], { EVENTS_TOKEN: TOKENS.acmeAdmin });
    expect(res.code).to.equal(0);
    const events = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).to.include.members(['TicketCreated', 'TicketNumberAssigned']);
    expect(events.every((e) => e.metadata.accountId === 'acme')).to.equal(true);
  });

  it('given a refused token, then it exits non-zero with the service\'s message', async () => {
    const res = await run(['--url', svc.url, '--all'], { EVENTS_TOKEN: TOKENS.acmeAgent });
    expect(res.code).to.equal(1);
    expect(res.stderr).to.match(/HTTP 403: Only account admins/);
  });

  it('given the embedded log of the running service, when read directly from its file (no --url), then every event is printed while the service runs', async () => {
    // given a ticket made through the running service
    const ticketId = await createTicket(svc, '+14155550707');
    // when the log's SQLite file is read beside it
    const res = await run(['--ticket', ticketId], { DATA_DIR: svc.dataDir, EVENTSTORE_URL: '', EVENTS_URL: '' });
    // then its events are printed
    expect(res.code, res.stderr).to.equal(0);
    const events = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).to.include.members(['TicketCreated', 'TicketNumberAssigned']);
  });
});
