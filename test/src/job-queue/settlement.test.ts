import { expect } from 'chai';
import { defaultBackoffMs } from '@support/adapters';
import { overdueReason, settle } from '@support/adapters/dist/job-queue/settlement';

describe('job settlement (the rule both queue engines follow)', () => {
  const limits = { maxDeliver: 3, backoffMs: (n: number) => n * 100 };

  it('given an ack, then the job is done', () => {
    expect(settle({ type: 'decided', outcome: { type: 'ack' } }, 1, limits)).to.deep.equal({ type: 'ack' });
  });

  it('given a fail, then the job is dead at once with its reason, whatever the delivery count', () => {
    expect(settle({ type: 'decided', outcome: { type: 'fail', reason: 'bad' } }, 1, limits)).to.deep.equal({ type: 'dead', reason: 'bad' });
  });

  it('given a retry before the last delivery, then it is redelivered after its delay', () => {
    expect(settle({ type: 'decided', outcome: { type: 'retry', delayMs: 250 } }, 2, limits)).to.deep.equal({ type: 'redeliver', delayMs: 250 });
  });

  it('given a retry with a negative or non-finite delay, then it is redelivered at once', () => {
    expect(settle({ type: 'decided', outcome: { type: 'retry', delayMs: -5 } }, 1, limits)).to.deep.equal({ type: 'redeliver', delayMs: 0 });
    expect(settle({ type: 'decided', outcome: { type: 'retry', delayMs: Number.NaN } }, 1, limits)).to.deep.equal({ type: 'redeliver', delayMs: 0 });
  });

  it('given a throw before the last delivery, then it is redelivered after the backoff of that delivery', () => {
    expect(settle({ type: 'threw', error: new Error('x') }, 2, limits)).to.deep.equal({ type: 'redeliver', delayMs: 200 });
  });

  it('given a retry or a throw on the last delivery, then the job is dead, naming why', () => {
    const retried = settle({ type: 'decided', outcome: { type: 'retry', delayMs: 10, reason: 'busy' } }, 3, limits);
    const threw = settle({ type: 'threw', error: new Error('boom') }, 3, limits);
    expect(retried).to.deep.equal({ type: 'dead', reason: 'gave up after 3 deliveries: busy' });
    expect(threw).to.deep.equal({ type: 'dead', reason: 'gave up after 3 deliveries: handler threw: boom' });
  });

  it('names the limits in the reason of a job whose last delivery got no outcome', () => {
    expect(overdueReason({ maxDeliver: 4, ackWaitMs: 30_000 })).to.contain('4 deliveries').and.contain('30000 ms');
  });

  it('backs off exponentially from one second, capped at five minutes', () => {
    expect([1, 2, 3, 4].map(defaultBackoffMs)).to.deep.equal([1_000, 2_000, 4_000, 8_000]);
    expect(defaultBackoffMs(20)).to.equal(300_000);
    expect(defaultBackoffMs(1_000)).to.equal(300_000);
  });
});
