import type { FindCursor } from 'mongodb';

/**
 * A driver cursor's documents as arrays of up to `size` (set the cursor's batchSize to the same):
 * `next` waits for the first document of the next server batch, `readBufferedDocuments` takes what
 * the driver holds of it without waiting, so a consumer loops over each array with no await per
 * document and memory holds about one batch. The server cursor is closed when the loop ends, early
 * (a break, a throw) included.
 */
export async function* cursorBatches<T>(cursor: FindCursor<T>, size: number): AsyncGenerator<readonly T[], void, undefined> {
  try {
    let batch: T[] = [];
    for (let first = await cursor.next(); first !== null; first = await cursor.next()) {
      batch.push(first);
      batch.push(...cursor.readBufferedDocuments(size - batch.length));
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await cursor.close();
  }
}
