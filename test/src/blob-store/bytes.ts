import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** Byte helpers of the blob-store tests. */

export async function readAll(stream: Readable | AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function randomBlob(sizeBytes: number): Buffer {
  return randomBytes(sizeBytes);
}

/** Yields the bytes in chunks, each after a turn of the event loop; every third chunk as a string when it is ASCII. */
export async function* chunked(bytes: Buffer, chunkBytes: number): AsyncGenerator<Buffer | string> {
  for (let offset = 0, index = 0; offset < bytes.length; offset += chunkBytes, index++) {
    await new Promise((done) => setImmediate(done));
    const chunk = bytes.subarray(offset, offset + chunkBytes);
    yield index % 3 === 2 ? asciiText(chunk) : chunk;
  }
}

/** A string whose UTF-8 bytes are exactly the chunk, for chunks of ASCII bytes only. */
function asciiText(chunk: Buffer): string | Buffer {
  return chunk.every((byte) => byte < 0x80) ? chunk.toString('utf8') : chunk;
}

/** Bytes that survive a round trip through a UTF-8 string: printable ASCII. */
export function asciiBlob(sizeBytes: number): Buffer {
  const bytes = randomBytes(sizeBytes);
  for (let i = 0; i < bytes.length; i++) bytes[i] = 0x20 + (bytes[i] % 95);
  return bytes;
}

/** Yields some bytes, then fails: an upload cut off half way. */
export async function* failingHalfWay(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes.subarray(0, Math.floor(bytes.length / 2));
  await new Promise((done) => setImmediate(done));
  throw new Error('the client went away');
}
