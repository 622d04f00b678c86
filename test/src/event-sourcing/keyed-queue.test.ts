import { expect } from 'chai';
import { KeyedQueue } from '@support/event-sourcing';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('keyed queue: work of one key one after another, of different keys side by side', () => {
  it('given work of one key queued at once, then each runs alone, in the order it came', async () => {
    // given
    const queue = new KeyedQueue();
    const started: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    // when
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => queue.run('ticket-1', async () => {
      started.push(i);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await turn();
      await turn();
      running--;
      return i * 10;
    })));
    // then
    expect(mostAtOnce).to.equal(1);
    expect(started).to.deep.equal(Array.from({ length: 20 }, (_, i) => i));
    expect(results).to.deep.equal(Array.from({ length: 20 }, (_, i) => i * 10));
  });

  it('given work of two keys, then one key\'s work does not wait for the other\'s', async () => {
    const queue = new KeyedQueue();
    let release: () => void = () => undefined;
    const held = queue.run('a', () => new Promise<string>((resolve) => { release = () => resolve('a done'); }));
    // b runs while a is still held; only then is a let go
    const b = await queue.run('b', async () => 'b done');
    release();
    expect([await held, b]).to.deep.equal(['a done', 'b done']);
  });

  it('given a work that fails, then only its caller gets the failure and the next work of its key runs', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('k', async () => { throw new Error('refused'); });
    const next = queue.run('k', async () => 'next ran');
    let failure: unknown;
    await failing.catch((e) => { failure = e; });
    expect((failure as Error).message).to.equal('refused');
    expect(await next).to.equal('next ran');
  });

  it('given many keys used once each, when their work has ended, then the queue keeps none of them', async () => {
    const queue = new KeyedQueue();
    const running = Promise.all(Array.from({ length: 1000 }, (_, i) => queue.run(`stream-${i % 100}`, async () => { await turn(); })));
    expect(queue.busyKeys).to.equal(100);
    await running;
    await turn();
    expect(queue.busyKeys).to.equal(0);
  });
});
