import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

/**
 * `npm run start:four` on a fresh DATA_DIR: the four components open the same new SQLite files at
 * the same moment (the log, the read models, the job queue), each making or checking them and
 * declaring the read models' tables. None may fail on another's lock or on a file half made. Four
 * processes, one per component, start together on a new directory in each round (and stop).
 */
const ROUNDS = 50;
const COMPONENTS = ['command-api', 'query-api', 'projectors', 'workers'] as const;
const ENTRY = path.join(__dirname, 'support', 'cold-start-component.js');

type Outcome = { ok: true } | { ok: false; error: string };

const startOn = (child: ChildProcess, dataDir: string): Promise<Outcome> =>
  new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m: Outcome) => {
      child.off('exit', onExit);
      resolve(m);
    });
    child.send({ dataDir });
  });

describe('cold starts of the four processes on a fresh DATA_DIR', function () {
  this.timeout(180_000);
  let children: ChildProcess[] = [];

  before(() => {
    children = COMPONENTS.map((c) => fork(ENTRY, [c], { env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  });

  after(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it(`${ROUNDS} rounds, the four components starting at once on a new directory each: every start succeeds`, async () => {
    const failures: string[] = [];
    for (let n = 0; n < ROUNDS; n++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-cold-'));
      try {
        for (const outcome of await Promise.all(children.map((child) => startOn(child, dataDir)))) {
          if (!outcome.ok) failures.push(`round ${n}: ${outcome.error}`);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
