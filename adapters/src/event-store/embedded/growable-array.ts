/**
 * A typed array that grows by doubling: the index keeps one number per event in it,
 * which costs 8 (or 4) bytes per event instead of a JS object.
 */
export class GrowableArray<T extends Float64Array | Uint32Array> {
  private data: T;
  private size = 0;

  constructor(private readonly allocate: (capacity: number) => T, initialCapacity = 1024) {
    this.data = allocate(initialCapacity);
  }

  /** Appends every value of `values` at once (an index read back from its file). */
  pushAll(values: T): void {
    if (this.size + values.length > this.data.length) {
      let capacity = this.data.length;
      while (capacity < this.size + values.length) capacity *= 2;
      const bigger = this.allocate(capacity);
      bigger.set(this.data.subarray(0, this.size));
      this.data = bigger;
    }
    this.data.set(values, this.size);
    this.size += values.length;
  }

  get length(): number {
    return this.size;
  }

  push(value: number): void {
    if (this.size === this.data.length) {
      const bigger = this.allocate(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.size] = value;
    this.size += 1;
  }

  /** The first `count` values, copied. */
  copyOf(count: number): T {
    if (count < 0 || count > this.size) throw new RangeError(`count ${count} outside 0..${this.size}`);
    return this.data.slice(0, count) as T;
  }

  get(index: number): number {
    if (index < 0 || index >= this.size) throw new RangeError(`index ${index} outside 0..${this.size - 1}`);
    return this.data[index];
  }
}

export const growableFloat64 = (): GrowableArray<Float64Array> => new GrowableArray((n) => new Float64Array(n));
export const growableUint32 = (): GrowableArray<Uint32Array> => new GrowableArray((n) => new Uint32Array(n));
