import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { freePort, HOST, Proc, printOutputsIfFailed, startComponent, stopAll } from './support/processes';

/** Every entry under `dir` (itself included) whose permissions let group or others in, with its mode. */
const sharedEntries = (dir: string): string[] => {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0) found.push(`${path.relative(dir, entry) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return found;
};

/**
 * DATA_DIR holds customers' personal data and the tickets' text (issue 57): the service keeps it to
 * the user it runs as, a folder made before with the usual umask included.
 */
describe('DATA_DIR readable by the service\'s user alone', function () {
  this.timeout(60_000);
  const procs: Partial<Record<'service', Proc>> = {};
  let workDir: string;

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async () => {
    await stopAll(procs);
    rmSync(workDir, { recursive: true, force: true });
  });

  it('given a DATA_DIR made with umask 022 (755, a file 644), when the service starts on it and a ticket is made, then it and every file in it are the service user\'s alone (700, 600)', async () => {
    // given
    workDir = mkdtempSync(path.join(os.tmpdir(), 'private-data-dir-'));
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'left-by-an-operator.txt'), 'notes', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'left-by-an-operator.txt'), 0o644);
    const configFile = path.join(workDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(withoutRateLimits(exampleConfig())));
    const port = await freePort();
    // when
    await startComponent('all', port, { PATH: process.env.PATH, HOST, DATA_DIR: dataDir, CONFIG_FILE: configFile, LOG_LEVEL: 'warn' }, (p) => {
      procs.service = p;
    });
    const created = await fetch(`http://${HOST}:${port}/apis/tickets/manual`, {
      method: 'POST', headers: { authorization: 'Bearer acme-admin-token-0001', 'content-type': 'application/json' },
      body: JSON.stringify({ customer: { phone: '+14155550100', name: 'Private Person' }, query: 'my data' }),
    });
    expect(created.status).to.equal(200);
    // then
    expect(lstatSync(dataDir).mode & 0o777).to.equal(0o700);
    expect(sharedEntries(dataDir), 'entries others may read').to.deep.equal([]);
    expect(readdirSync(dataDir)).to.include('events.sqlite');
  });
});
