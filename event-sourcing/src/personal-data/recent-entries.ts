import { LRUCache } from 'lru-cache';

/**
 * What was used or read lately, by id: at most `capacity` entries, each for at most `ttlMs`, the
 * least recently used dropped first (lru-cache: constant time, where a Map whose oldest entry is
 * deleted by iterating it slows down with every deletion). The sealing store keeps the keys it used
 * or read (a projector following the log opens what was just appended without asking the key store)
 * and the data of the events it just sealed (a subscription of the same process reads them back
 * without opening them). An entry of a key erased by another process lives here for at most
 * `ttlMs` more; this process's own erasures are forgotten at once. A `ttlMs` of 0 keeps nothing.
 */
export class RecentEntries<V extends {}> {
  private readonly entries: LRUCache<string, V> | null;

  constructor(capacity: number, ttlMs: number) {
    this.entries = ttlMs <= 0 ? null : new LRUCache<string, V>({ max: capacity, ttl: ttlMs, ttlAutopurge: false, updateAgeOnGet: false });
  }

  get(id: string): V | undefined {
    return this.entries?.get(id);
  }

  set(id: string, value: V): void {
    this.entries?.set(id, value);
  }

  forget(ids: readonly string[]): void {
    for (const id of ids) this.entries?.delete(id);
  }

  clear(): void {
    this.entries?.clear();
  }
}
