import { BlobStore } from '@support/domain';

/**
 * Whether a blob's bytes hold a byte sequence, read as a stream (memory stays one chunk and the
 * sequence's length, however large the file): each chunk is searched with Buffer.indexOf together with
 * the tail of the one before, so a sequence split between two chunks is found. null when there is no blob.
 */
export const blobHolds = async (blobs: BlobStore, key: string, needle: Buffer): Promise<boolean | null> => {
  const stream = await blobs.get(key);
  if (stream === null) return null;
  let tail: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const window = tail.length === 0 ? bytes : Buffer.concat([tail, bytes]);
      if (window.indexOf(needle) !== -1) return true;
      tail = window.subarray(Math.max(0, window.length - (needle.length - 1)));
    }
    return false;
  } finally {
    stream.destroy();
  }
};
