import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServiceProcess, waitReady } from '../support/service-process';

describe('a second live service on the same data directory', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'support-second-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('given a running service, when a second starts on its DATA_DIR, then the second exits 1 saying which process holds the projectors and what to do, and the first keeps answering', async () => {
    const env = { DATA_DIR: dir, CONFIG_FILE: '' };
    const first = startServiceProcess(env);
    const url = await first.url;
    try {
      await waitReady(url);
      const second = startServiceProcess(env);
      const { code, stderr } = await second.exited;
      expect(code).to.equal(1);
      expect(stderr).to.contain(`Startup failed: projectors in ${path.join(dir, 'projectors')} is in use by another running service (process ${first.child.pid}): stop it first, or start this one with another DATA_DIR`);
      expect((await fetch(`${url}/health/ready`)).status).to.equal(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
