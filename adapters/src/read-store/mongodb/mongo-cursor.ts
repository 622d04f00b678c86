import type { Cursor } from '@support/domain';
import type { FindCursor } from 'mongodb';

/**
 * The port's cursor over a driver cursor: iterating streams the driver's batches (and closes
 * the server cursor when the loop ends early); like the embedded cursor it can be read once.
 */
export class MongoCursor<T> implements Cursor<T> {
  private opened = false;

  constructor(private readonly cursor: FindCursor<T>) {}

  async toArray(): Promise<T[]> {
    return this.open().toArray();
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return this.open()[Symbol.asyncIterator]();
  }

  private open(): FindCursor<T> {
    if (this.opened) throw new Error('A cursor can be read once; run the query again to read it again');
    this.opened = true;
    return this.cursor;
  }
}
