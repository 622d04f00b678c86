import { randomBytes } from 'node:crypto';
import { DataKey } from '@support/domain';

/**
 * Fresh keys made and stored `batch` at a time, handed out one by one: a create seals several events
 * and must not wait for a durable write of each key. The next batch is stored once a quarter of
 * this one is left, so takes rarely wait. `store` writes the keys durably and answers their ids in
 * order. Keys handed out are never stored again: an erased key stays erased.
 */
export class KeyPool {
  private keys: DataKey[] = [];
  private next = 0;
  private refill: Promise<void> | null = null;

  constructor(private readonly store: (keys: readonly Buffer[]) => Promise<readonly string[]>, private readonly batch: number) {}

  async take(): Promise<DataKey> {
    if (this.keys.length - this.next <= this.batch / 4) this.startRefill();
    while (this.next >= this.keys.length) await this.startRefill();
    return this.keys[this.next++]!;
  }

  private startRefill(): Promise<void> {
    this.refill ??= this.fill().finally(() => { this.refill = null; });
    return this.refill;
  }

  private async fill(): Promise<void> {
    const bytes = randomBytes(32 * this.batch);
    const made = Array.from({ length: this.batch }, (_, i) => Buffer.from(bytes.subarray(i * 32, i * 32 + 32)));
    const ids = await this.store(made);
    const left = this.keys.slice(this.next);
    this.keys = left.concat(ids.map((id, i) => ({ id, key: made[i]! })));
    this.next = 0;
  }
}
