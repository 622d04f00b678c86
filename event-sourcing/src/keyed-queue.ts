/**
 * Work that runs one at a time per key, in the order it arrived; work of different keys runs side
 * by side. A key is kept only while it has work running or waiting, so the map holds the keys busy
 * at this moment, never every key seen. A work that fails fails only its own caller: the next one
 * of its key runs all the same.
 */
export class KeyedQueue {
  /** Per busy key: the promise that settles when its last queued work has ended. */
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before === undefined ? work() : before.then(work);
    const ended = (): void => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    const tail: Promise<void> = result.then(ended, ended);
    this.tails.set(key, tail);
    return result;
  }

  /** Keys with work running or waiting. */
  get busyKeys(): number {
    return this.tails.size;
  }
}
