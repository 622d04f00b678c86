import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** File-system steps that make a blob appear whole or not at all. */

/** Streams the body to a new file in the uploads folder and fsyncs it; answers its path. */
export async function writeTempFile(uploads: string, body: Readable | AsyncIterable<Buffer | string>): Promise<string> {
  const path = join(uploads, `${randomUUID()}.tmp`);
  try {
    await pipeline(body, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    await fsyncFile(path);
    return path;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

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
