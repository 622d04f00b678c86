import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteJobQueue } from '@support/adapters';
import { jobQueueCheckpoints } from '@support/projectors';

describe('job dispatchers\' checkpoints, kept by the job queue', () => {
  let dir: string;
  let queue: SqliteJobQueue;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dispatch-checkpoints-'));
    queue = await SqliteJobQueue.open({ file: path.join(dir, 'jobs.sqlite') });
  });
  afterEach(async () => {
    await queue.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a checkpoint saved, when the queue opens again, then the dispatcher resumes from it', async () => {
    // given
    await jobQueueCheckpoints(queue).save('dispatch:ticket-text', { commit: 42n, prepare: 42n });
    await queue.close();
    // when
    queue = await SqliteJobQueue.open({ file: path.join(dir, 'jobs.sqlite') });
    // then
    expect(await jobQueueCheckpoints(queue).load('dispatch:ticket-text')).to.deep.equal({ commit: 42n, prepare: 42n });
  });

  it('given none, then the dispatcher starts from the beginning of the log (null)', async () => {
    expect(await jobQueueCheckpoints(queue).load('dispatch:ticket-text')).to.equal(null);
  });
});
