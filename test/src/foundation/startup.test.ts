import { expect } from 'chai';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify as toYaml } from 'yaml';
import { exampleConfig } from '../support/example-config';

const START_ALL = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'start-all.js');

interface Started {
  readonly child: ChildProcess;
  readonly url: Promise<string>;
  readonly exit: Promise<{ code: number | null; stderr: string }>;
}

const start = (env: NodeJS.ProcessEnv): Started => {
  const child = spawn(process.execPath, [START_ALL], { env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const listening = stdout.split('\n').flatMap((l) => {
        try {
          const entry = JSON.parse(l);
          return entry.message === 'listening' ? [entry.url as string] : [];
        } catch {
          return [];
        }
      });
      if (listening.length > 0) resolve(listening[0]);
    });
    child.once('exit', () => reject(new Error(`exited before listening: ${stderr}`)));
  });
  url.catch(() => undefined);
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  return { child, url, exit };
};

const waitReady = async (url: string) => {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${url}/health/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never ready');
};

describe('one-command start (child process)', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'support-start-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given no CONFIG_FILE, when started, then it answers HTTP on the demo configuration and stops on SIGTERM', async () => {
    const s = start({ DATA_DIR: dir, CONFIG_FILE: '' });
    const url = await s.url;
    await waitReady(url);
    const res = await fetch(`${url}/apis/task-runs/tickets/list`, { method: 'POST', headers: { Authorization: 'Bearer acme-admin-token-0001' } });
    expect(res.status).to.be.oneOf([200, 404]);
    s.child.kill('SIGTERM');
    expect((await s.exit).code).to.equal(0);
  });

  it('given the operator example as a YAML file, when started, then it answers', async () => {
    const file = path.join(dir, 'accounts.yaml');
    writeFileSync(file, toYaml(exampleConfig()));
    const s = start({ DATA_DIR: path.join(dir, 'data'), CONFIG_FILE: file });
    await waitReady(await s.url);
    s.child.kill('SIGTERM');
    expect((await s.exit).code).to.equal(0);
  });

  it('given a broken configuration, when started, then it exits non-zero naming the account, the path and the reason', async () => {
    const config = exampleConfig();
    (config.accounts[0].users as { role: string }[])[0].role = 'superuser';
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, JSON.stringify(config));
    const s = start({ DATA_DIR: path.join(dir, 'data'), CONFIG_FILE: file });
    const { code, stderr } = await s.exit;
    expect(code).to.not.equal(0);
    expect(stderr).to.include(file);
    expect(stderr).to.match(/account "acme": accounts\[0\]\.users\[0\]\.role must be .*got "superuser"/);
  });

  it('given a configuration file that is not JSON, when started, then it exits non-zero saying so', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '{ "accounts": [ ');
    const s = start({ DATA_DIR: path.join(dir, 'data'), CONFIG_FILE: file });
    const { code, stderr } = await s.exit;
    expect(code).to.not.equal(0);
    expect(stderr).to.match(/not valid JSON/);
  });
});
