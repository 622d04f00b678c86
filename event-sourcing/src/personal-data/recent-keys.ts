/**
 * The keys used or read lately: at most `capacity`, each for at most `ttlMs`, the oldest dropped
 * first. A projector following the log opens what was just appended without asking the key store.
 * A key erased by another process is opened from here for at most `ttlMs` more; this process's own
 * erasures are forgotten at once.
 */
export class RecentKeys {
  private readonly keys = new Map<string, { readonly key: Buffer; readonly at: number }>();

  constructor(private readonly capacity: number, private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(id: string): Buffer | undefined {
    const entry = this.keys.get(id);
    if (entry === undefined) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.keys.delete(id);
      return undefined;
    }
    return entry.key;
  }

  set(id: string, key: Buffer): void {
    this.keys.delete(id);
    this.keys.set(id, { key, at: this.now() });
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value as string);
  }

  forget(ids: readonly string[]): void {
    for (const id of ids) this.keys.delete(id);
  }
}
