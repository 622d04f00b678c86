import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService } from '../support/test-service';

/** Starting the service on `dataDir`: the error it refuses with, or null once it started (then stopped). */
const startFailure = async (dataDir: string): Promise<Error | null> => {
  try {
    const service = await startTestService({ dataDir });
    await service.stop({ remove: false });
    return null;
  } catch (error) {
    return error as Error;
  }
};

describe('a data directory of the engines before SQLite', function () {
  this.timeout(30_000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-old-data-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given only the old event log, when the service starts, then it is refused with a message naming the file, and no empty log is created', async () => {
    mkdirSync(path.join(dataDir, 'events'));
    writeFileSync(path.join(dataDir, 'events', 'events.log'), Buffer.alloc(64, 1));
    const failure = await startFailure(dataDir);
    expect(failure?.message).to.match(/holds the event log of an earlier version \(events\/events\.log\) and no events\.sqlite/);
    expect(existsSync(path.join(dataDir, 'events.sqlite'))).to.equal(false);
  });

  it('given only the old job journal, when the service starts, then it is refused with a message naming the file', async () => {
    mkdirSync(path.join(dataDir, 'jobs'));
    writeFileSync(path.join(dataDir, 'jobs', 'jobs.journal.jsonl'), '{"t":"position","publisher":"p","position":"1"}\n');
    const failure = await startFailure(dataDir);
    expect(failure?.message).to.match(/holds the job journal of an earlier version \(jobs\/jobs\.journal\.jsonl\) and no jobs\.sqlite/);
  });

  it('given an old log beside the SQLite log a start already made, when the service starts, then it starts', async () => {
    expect(await startFailure(dataDir)).to.equal(null);
    mkdirSync(path.join(dataDir, 'events'));
    writeFileSync(path.join(dataDir, 'events', 'events.log'), Buffer.alloc(64, 1));
    expect(await startFailure(dataDir)).to.equal(null);
  });
});
