import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { startAuditedService, createTicket } from './audit-service';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The `npm run …events` command lines docs/events.md shows. */
const documentedCommands = (): string[] =>
  readFileSync(path.join(ROOT, 'docs', 'events.md'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^npm run\b.*\bevents\b/.test(l));

/**
 * docs/events.md calls the output of `npm run events` NDJSON: as the docs show the command, stdout
 * holds the event lines and nothing else (npm prints its `> script` banner to stdout unless --silent).
 */
describe('npm run events as the docs show it: stdout is NDJSON', function () {
  this.timeout(60_000);

  it('given the commands of docs/events.md, then each asks npm to be silent', () => {
    const commands = documentedCommands();
    expect(commands).to.not.be.empty;
    for (const command of commands) expect(command, command).to.match(/^npm run --silent events\b/);
  });

  let svc: Awaited<ReturnType<typeof startAuditedService>> | undefined;
  after(async () => svc?.stop({ remove: true }).catch(() => undefined));

  it("given a stopped service's DATA_DIR with a ticket, when npm run --silent events -- ticket-<id> runs, then every line of stdout is an event of that ticket", async () => {
    // given
    svc = await startAuditedService();
    const ticketId = await createTicket(svc, '+14155550171');
    const dataDir = svc.dataDir;
    await svc.stop({ remove: false });
    // when
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile('npm', ['run', '--silent', 'events', '--', `ticket-${ticketId}`], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '' } }, (error, out, err) => {
        if (error) reject(new Error(`${error.message}\n${err}`));
        else resolve({ stdout: out, stderr: err });
      });
    });
    // then
    const lines = stdout.split('\n').filter((l) => l !== '');
    expect(lines, stderr).to.not.be.empty;
    for (const line of lines) expect((JSON.parse(line) as { streamName: string }).streamName, line).to.equal(`ticket-${ticketId}`);
  });
});
