import { expect } from 'chai';
import { WalSync } from '@support/adapters/dist/sqlite';

/** A datasync the test finishes by hand: how many were started, and a way to finish the oldest. */
const manualDatasync = () => {
  const pending: (() => void)[] = [];
  return {
    started: () => pending.length,
    datasync: () => new Promise<void>((resolve) => pending.push(resolve)),
    finish: async (i: number) => {
      pending[i]();
      for (let t = 0; t < 5; t++) await new Promise((r) => setImmediate(r));
    },
  };
};

describe('WalSync: a commit is answered after a sync that began after it', () => {
  it('given a sync running, when more commits ask, then they wait for one more sync (not the running one), and share it', async () => {
    // given
    const disk = manualDatasync();
    const wal = new WalSync('unused', disk.datasync);
    const first = wal.durable();
    let laterDone = 0;
    // when: two commits made while the first sync runs
    void wal.durable().then(() => laterDone++);
    void wal.durable().then(() => laterDone++);
    // then
    expect(disk.started()).to.equal(1);
    await disk.finish(0);
    await first;
    expect(laterDone, 'the running sync may have begun before their commits').to.equal(0);
    expect(disk.started()).to.equal(2);
    await disk.finish(1);
    expect(laterDone).to.equal(2);
  });

  it('given a sync that fails, then the commits waiting on it fail, and the next ask syncs again', async () => {
    // given
    let calls = 0;
    const wal = new WalSync('unused', async () => {
      calls++;
      if (calls === 1) throw new Error('EIO: i/o error, fdatasync');
    });
    // then
    await wal.durable().then(() => expect.fail('should fail'), (e: Error) => expect(e.message).to.match(/EIO/));
    await wal.durable();
    expect(calls).to.equal(2);
  });
});
