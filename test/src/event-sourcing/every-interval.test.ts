import { expect } from 'chai';
import { everyInterval, sleep } from '@support/event-sourcing';

describe('everyInterval: periodic work, one run at a time', () => {
  it('given a run that outlasts many intervals, when it ends, then one more run follows, not one for every interval missed', async () => {
    // given: the first run held open while about 12 intervals pass
    let runs = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const ticks = everyInterval(20, async () => {
      runs += 1;
      if (runs === 1) await held;
    });
    await sleep(250);
    // when: it ends (runs queued behind it would all start now, one after another at once)
    release();
    await new Promise((r) => setImmediate(r));
    await ticks.stop();
    // then: the one that waited (and at most one interval's tick that came meanwhile)
    expect(runs).to.be.within(2, 3);
  });

  it('given a run that fails, when the next interval comes, then the next run still comes', async () => {
    let runs = 0;
    const ticks = everyInterval(5, async () => {
      runs += 1;
      throw new Error('the store is away');
    });
    await sleep(40);
    await ticks.stop();
    expect(runs).to.be.at.least(2);
  });

  it('given a run in hand, when stopped, then stop waits for it and no run starts after', async () => {
    let ended = false;
    let runs = 0;
    const ticks = everyInterval(1_000, async () => {
      runs += 1;
      await sleep(20);
      ended = true;
    });
    await sleep(5);
    await ticks.stop();
    expect(ended).to.equal(true);
    expect(runs).to.equal(1);
  });
});
