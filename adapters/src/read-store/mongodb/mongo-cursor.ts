import type { Cursor } from '@support/domain';
import type { FindCursor } from 'mongodb';

/**
 * The port's cursor over a driver cursor (opened once the collection knows its substring fields):
 * iterating streams the driver's batches (and closes the server cursor when the loop ends early);
 * like the embedded cursor it can be read once.
 */
export class MongoCursor<T> implements Cursor<T> {
  private opened = false;

  constructor(private readonly cursor: () => Promise<FindCursor<T>>) {}

  async toArray(): Promise<T[]> {
    return (await this.open()).toArray();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.open();
  }

  /** The driver's batches as it receives them: the next document, then whatever it holds buffered. */
  async *batches(): AsyncGenerator<readonly T[], void, undefined> {
    const cursor = await this.open();
    try {
      for (let first = await cursor.next(); first !== null; first = await cursor.next()) yield [first, ...cursor.readBufferedDocuments()];
    } finally {
      await cursor.close();
    }
  }

  private open(): Promise<FindCursor<T>> {
    if (this.opened) throw new Error('A cursor can be read once; run the query again to read it again');
    this.opened = true;
    return this.cursor();
  }
}
