import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedJobQueue, EmbeddedReadStore } from '@support/adapters';
import { jobQueueCheckpoints, readStoreCheckpoints } from '@support/projectors';

describe('job dispatchers\' checkpoints, kept by the job queue', () => {
  let dir: string;
  let queue: EmbeddedJobQueue;
  let store: EmbeddedReadStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dispatch-checkpoints-'));
    queue = await EmbeddedJobQueue.open({ dir });
    store = new EmbeddedReadStore();
  });
  afterEach(async () => {
    await queue.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a checkpoint saved, when the queue opens again, then the dispatcher resumes from it and the read store was not written', async () => {
    // given
    await jobQueueCheckpoints(queue, readStoreCheckpoints(store)).save('dispatch:ticket-text', { commit: 42n, prepare: 42n });
    await queue.close();
    // when
    queue = await EmbeddedJobQueue.open({ dir });
    // then
    expect(await jobQueueCheckpoints(queue, readStoreCheckpoints(new EmbeddedReadStore())).load('dispatch:ticket-text')).to.deep.equal({ commit: 42n, prepare: 42n });
    expect(await readStoreCheckpoints(store).load('dispatch:ticket-text')).to.equal(null);
  });

  it('given only a checkpoint an earlier version kept in the read store, then the dispatcher resumes from it and the queue keeps it from then on', async () => {
    // given
    await readStoreCheckpoints(store).save('dispatch:ticket-text', { commit: 7n, prepare: 7n });
    // when
    const loaded = await jobQueueCheckpoints(queue, readStoreCheckpoints(store)).load('dispatch:ticket-text');
    // then
    expect(loaded).to.deep.equal({ commit: 7n, prepare: 7n });
    expect(await queue.publisherPosition('dispatch:ticket-text')).to.equal('7/7');
  });

  it('given checkpoints in both, then the queue\'s wins', async () => {
    // given
    await readStoreCheckpoints(store).save('dispatch:ticket-text', { commit: 7n, prepare: 7n });
    const checkpoints = jobQueueCheckpoints(queue, readStoreCheckpoints(store));
    await checkpoints.save('dispatch:ticket-text', { commit: 90n, prepare: 90n });
    // when
    const loaded = await checkpoints.load('dispatch:ticket-text');
    // then
    expect(loaded).to.deep.equal({ commit: 90n, prepare: 90n });
  });

  it('given neither, then the dispatcher starts from the beginning of the log (null)', async () => {
    expect(await jobQueueCheckpoints(queue, readStoreCheckpoints(store)).load('dispatch:ticket-text')).to.equal(null);
  });
});
