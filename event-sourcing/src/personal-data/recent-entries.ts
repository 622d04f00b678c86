/**
 * What was used or read lately, by id: at most `capacity` entries, each for at most `ttlMs`, the
 * oldest dropped first. The sealing store keeps the keys it used or read (a projector following
 * the log opens what was just appended without asking the key store) and the data of the events it
 * just sealed (a subscription of the same process reads them back without opening them). An entry
 * of a key erased by another process lives here for at most `ttlMs` more; this process's own
 * erasures are forgotten at once.
 */
export class RecentEntries<V> {
  private readonly keys = new Map<string, { readonly key: V; readonly at: number }>();

  constructor(private readonly capacity: number, private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(id: string): V | undefined {
    const entry = this.keys.get(id);
    if (entry === undefined) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.keys.delete(id);
      return undefined;
    }
    return entry.key;
  }

  set(id: string, key: V): void {
    this.keys.delete(id);
    this.keys.set(id, { key, at: this.now() });
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value as string);
  }

  forget(ids: readonly string[]): void {
    for (const id of ids) this.keys.delete(id);
  }

  clear(): void {
    this.keys.clear();
  }
}
