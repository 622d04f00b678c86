import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import { enterReplayModeIfFarBehind, sequenceEventsBehind } from '@support/app';
import { EventStore, Logger, Position } from '@support/domain';
import { CheckpointStore, ticketsProjection } from '@support/projectors';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const logAt = (head: number): EventStore => ({ headPosition: async () => at(head) }) as unknown as EventStore;
const checkpointsAt = (n: number | null): CheckpointStore => ({ load: async () => (n === null ? null : at(n)), save: async () => undefined });
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

describe('replay mode at start', () => {
  const storeWithTickets = async (): Promise<EmbeddedReadStore> => {
    const store = new EmbeddedReadStore();
    await store.collection('tickets').createIndexes(ticketsProjection.indexes.tickets);
    return store;
  };

  it('given projections with no checkpoint beside a long log, when the service starts, then the indexes the projections do not read are deferred until the end of the replay', async () => {
    const store = await storeWithTickets();
    const end = await enterReplayModeIfFarBehind(store, logAt(9_999), checkpointsAt(null), [ticketsProjection], sequenceEventsBehind, quiet, 5_000);
    expect(end).to.be.a('function');
    expect(store.replaying).to.equal(true);
    (end as () => void)();
    expect(store.replaying).to.equal(false);
  });

  it('given a store restored from a snapshot and far behind the log, when the replay ends, then it can only be saved whole (a full snapshot, not a delta of every write)', async () => {
    // given
    const store = await storeWithTickets();
    store.restore([]);
    expect(store.unsaved).to.deep.equal({ writes: 0, needsFull: false });
    const end = await enterReplayModeIfFarBehind(store, logAt(9_999), checkpointsAt(null), [ticketsProjection], sequenceEventsBehind, quiet, 5_000);
    // when
    for (let i = 0; i < 100; i++) await store.collection('tickets').updateOne({ _id: `t${i}` }, { $set: { accountId: 'acme' } }, { upsert: true });
    (end as () => void)();
    // then
    expect(store.unsaved).to.deep.equal({ writes: 0, needsFull: true });
  });

  it('given projections only a few events behind, when the service starts, then every index is kept up to date as usual', async () => {
    const store = await storeWithTickets();
    expect(await enterReplayModeIfFarBehind(store, logAt(9_999), checkpointsAt(9_000), [ticketsProjection], sequenceEventsBehind, quiet, 5_000)).to.equal(null);
    expect(store.replaying).to.equal(false);
  });

  it('given a restored store holding more documents than the events behind, when the service starts, then its indexes are kept up to date instead of built again from every document', async () => {
    const store = await storeWithTickets();
    await store.collection('tickets').bulkWrite(Array.from({ length: 8_000 }, (_, i) => ({
      replaceOne: { filter: { _id: `t${i}` }, replacement: { _id: `t${i}`, accountId: 'acme', createdAt: new Date(i).toISOString() }, upsert: true },
    })));
    expect(await enterReplayModeIfFarBehind(store, logAt(9_999), checkpointsAt(3_000), [ticketsProjection], sequenceEventsBehind, quiet, 5_000)).to.equal(null);
    expect(store.replaying).to.equal(false);
    expect(await enterReplayModeIfFarBehind(store, logAt(9_999), checkpointsAt(1_000), [ticketsProjection], sequenceEventsBehind, quiet, 5_000)).to.be.a('function');
  });
});
