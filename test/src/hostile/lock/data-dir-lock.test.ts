import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDir } from '@support/adapters';
import { exited, processState, startHolder, startUnreapedHolder } from './lock-holders';

const RESTARTS = 20;

describe('data directory lock (an advisory lock on an open descriptor, released by the OS)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'support-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it(`given a holder killed with SIGKILL, when another starts at once, then it gets the lock, ${RESTARTS} times in a row`, async () => {
    for (let i = 0; i < RESTARTS; i += 1) {
      const holder = startHolder(dir);
      await holder.ready;
      holder.child.kill('SIGKILL');
      await exited(holder.child);
    }
    const last = startHolder(dir);
    expect(await last.ready).to.be.a('number');
    last.child.kill('SIGKILL');
    await exited(last.child);
  });

  it('given a holder killed with SIGKILL that stays a zombie (never reaped), when another starts, then it gets the lock', async () => {
    const zombieParent = startUnreapedHolder(dir);
    const pid = await zombieParent.ready;
    try {
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100 && processState(pid) !== 'Z'; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(processState(pid), 'the killed holder is a zombie').to.equal('Z');

      const next = startHolder(dir);
      expect(await next.ready).to.be.a('number');
      next.child.kill('SIGKILL');
      await exited(next.child);
    } finally {
      zombieParent.child.kill('SIGKILL');
      await exited(zombieParent.child);
    }
  });

  it('given a LOCK file naming the pid of a live unrelated process (a reused pid), when opened, then the lock is taken', async () => {
    const unrelated = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dir, 'LOCK'), String(unrelated.pid));
      const lock = await lockDir(dir);
      await lock.release();
    } finally {
      unrelated.kill('SIGKILL');
      await exited(unrelated);
    }
  });

  it('given a live holder, when a second process opens the same folder, then it is refused with a message naming the holder and what to do', async () => {
    const first = startHolder(dir);
    const pid = await first.ready;
    try {
      const second = startHolder(dir);
      const refusal = await second.ready.then(() => null, (e: Error) => e.message);
      expect(refusal).to.match(new RegExp(`exited \\(3\\): event log in .* is in use by another running service \\(process ${pid}\\): stop it first`));
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
  });

  it('given no flock(1) on the PATH, when two holders open the folder, then the first falls back to a pid file with a warning and the second is refused', async () => {
    const noFlock = { ...process.env, PATH: '/nonexistent' };
    const first = startHolder(dir, noFlock);
    let warning = '';
    first.child.stderr!.on('data', (d: Buffer) => (warning += d.toString()));
    const pid = await first.ready;
    try {
      expect(warning).to.match(/flock\(1\) is not installed \(util-linux\); locking .* with a pid file instead/);
      const refusal = await startHolder(dir, noFlock).ready.then(() => null, (e: Error) => e.message);
      expect(refusal).to.contain(`is in use by process ${pid}`);
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
  });

  it('given a lock released normally, when taken again in this process, then it is taken (and refused while still held)', async () => {
    const first = await lockDir(dir);
    const again = await lockDir(dir).then(() => null, (e: Error) => e.message);
    expect(again).to.match(/event log in .* is already open in this process/);
    await first.release();
    await (await lockDir(dir)).release();
  });
});
