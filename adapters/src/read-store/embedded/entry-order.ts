/**
 * An index's entries at one instant, read as their documents' `_id`s in index order. It holds the
 * index's frozen chunks (see SortedList.freeze), not a copy: capturing a large index costs an array
 * of chunk references, and the ids are read later, a chunk at a time, by whoever writes them down.
 */
export class EntryOrder {
  constructor(
    private readonly chunks: readonly (readonly (readonly unknown[])[])[],
    /** Where an entry holds its document's `_id` (after the key's values). */
    private readonly idAt: number,
  ) {}

  get size(): number {
    let n = 0;
    for (const chunk of this.chunks) n += chunk.length;
    return n;
  }

  /** The ids, a chunk at a time (a writer may yield between chunks). */
  *idChunks(): Generator<readonly string[]> {
    for (const chunk of this.chunks) yield chunk.map((entry) => entry[this.idAt] as string);
  }

  /** Every id at once. */
  ids(): string[] {
    const out: string[] = [];
    for (const ids of this.idChunks()) for (const id of ids) out.push(id);
    return out;
  }
}
