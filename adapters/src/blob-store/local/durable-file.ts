import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { settledOrAborted } from '../settled-or-aborted';

/** File-system steps that make a blob appear whole or not at all. */

/**
 * How far the body may run ahead of the disk: the next chunks are made while earlier ones are
 * written on libuv's threads (the write stream's high-water mark).
 */
const WRITE_AHEAD_BYTES = 4 * 1024 * 1024;
/** While a long body streams in, what was written so far is flushed to disk in the background every this many bytes. */
const FLUSH_EVERY_BYTES = 64 * 1024 * 1024;

/**
 * Streams the body to a new file in the uploads folder and fsyncs it; answers its path. A long body
 * is flushed as it goes (fdatasync on a second handle, beside the writes), so the closing fsync has
 * only the tail to write instead of the whole file.
 */
export async function writeTempFile(uploads: string, body: Readable | AsyncIterable<Buffer | string>, signal?: AbortSignal): Promise<string> {
  const path = join(uploads, `${randomUUID()}.tmp`);
  let flushing: Promise<void> | null = null;
  let flushed = 0;
  let written = 0;
  async function* flushedAsItGoes(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer | string> {
    for await (const chunk of source) {
      yield chunk;
      written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (flushing === null && written - flushed >= FLUSH_EVERY_BYTES) {
        flushed = written;
        flushing = datasyncFile(path).finally(() => (flushing = null));
        flushing.catch(() => undefined); // awaited below; a failure fails the put there
      }
    }
  }
  try {
    const source = body instanceof Readable ? body : Readable.from(body);
    await settledOrAborted(pipeline(source, flushedAsItGoes, createWriteStream(path, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_AHEAD_BYTES }), { signal }), source, signal);
    await flushing;
    await fsyncFile(path);
    return path;
  } catch (error) {
    await (flushing as Promise<void> | null)?.catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}

const datasyncFile = async (path: string): Promise<void> => {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
};

/**
 * Renames the temp file over the target, creating its folder. A concurrent prune may remove the
 * (then empty) folder between mkdir and rename, so the pair is retried a few times.
 */
export async function moveIntoPlace(tempPath: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(tempPath, target);
      return;
    } catch (error) {
      if (!isMissingPath(error) || attempt >= 5) throw error;
    }
  }
}

export async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable. Some platforms cannot fsync a folder; there the rename is as durable as they allow. */
export async function fsyncFolder(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch (error) {
    if (!hasCode(error, 'EISDIR', 'EINVAL', 'EPERM', 'EBADF')) throw error;
  } finally {
    await handle?.close();
  }
}

/** Removes empty folders from `folder` up to, not including, `root`. */
export async function pruneEmptyFolders(folder: string, root: string): Promise<void> {
  let current = folder;
  while (isInside(current, root)) {
    try {
      await rmdir(current);
    } catch (error) {
      if (hasCode(error, 'ENOTEMPTY', 'EEXIST', 'ENOENT')) return;
      throw error;
    }
    current = dirname(current);
  }
}

export function isMissingPath(error: unknown): boolean {
  return hasCode(error, 'ENOENT', 'ENOTDIR');
}

export function hasCode(error: unknown, ...codes: readonly string[]): boolean {
  return error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}
