import { expect } from 'chai';
import { spawnSync } from 'node:child_process';

/**
 * mingo (about 110 ms of a start to load) is loaded on first use only: the service's start, its
 * projections' writes and the compiled filters never need it; a filter or update outside those
 * forms loads it and still answers as MongoDB does.
 */
describe('embedded read store: mingo loaded on first use', () => {
  it('given a fresh process, when the service is loaded and a collection written and queried in the common forms, then mingo is not loaded; when a filter needs it, then it is, and answers', () => {
    // given / when
    const script = `
      const { EmbeddedReadStore } = require(${JSON.stringify(require.resolve('@support/adapters'))});
      require(${JSON.stringify(require.resolve('@support/app'))});
      const mingoModules = () => Object.keys(require.cache).filter((k) => k.includes('/node_modules/mingo/')).length;
      (async () => {
        const tickets = new EmbeddedReadStore().collection('tickets');
        await tickets.createIndexes([{ key: { accountId: 1, status: 1 }, name: 'account_status' }]);
        for (let i = 0; i < 5; i++) await tickets.updateOneUnlessApplied('t' + i, { field: '_applied', position: String(i) }, { $set: { accountId: 'acme', status: i % 2 ? 'open' : 'resolved', n: i } }, { upsert: true });
        await tickets.updateOne({ _id: 't1' }, { $set: { status: 'resolved' }, $inc: { n: 10 } });
        const compiled = await tickets.countDocuments({ accountId: 'acme', status: { $in: ['open', 'resolved'] }, n: { $gte: 1 } });
        const before = mingoModules();
        const viaMingo = await tickets.countDocuments({ $expr: { $gt: ['$n', 3] } });
        console.log(JSON.stringify({ compiled, before, after: mingoModules(), viaMingo }));
      })();`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    // then
    expect(run.status, run.stderr).to.equal(0);
    const { compiled, before, after, viaMingo } = JSON.parse(run.stdout.trim().split('\n').pop() as string) as Record<string, number>;
    expect(compiled).to.equal(4);
    expect(before).to.equal(0);
    expect(after).to.be.greaterThan(0);
    expect(viaMingo).to.equal(2);
  });
});
