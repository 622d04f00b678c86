import { join } from 'node:path';
import { blobKeySegments } from '../blob-key';

/**
 * Where the local engine keeps each blob, under its folder:
 *
 *   blobs/<segment>/.../<last>@blob   the bytes; its mtime is the blob's creation time
 *   blobs/<segment>/.../<last>@meta   JSON sidecar with the content type
 *   tmp/                              uploads in progress (same file system, so rename is atomic)
 *
 * `@` never occurs in a key segment, so the file of key `a` never collides with the folder of key `a/b`.
 */

export const BLOB_SUFFIX = '@blob';
export const META_SUFFIX = '@meta';

interface BlobFiles {
  readonly folder: string;
  readonly data: string;
  readonly meta: string;
}

export function blobsRoot(dir: string): string {
  return join(dir, 'blobs');
}

export function uploadsFolder(dir: string): string {
  return join(dir, 'tmp');
}

/** The files of a key; throws InvalidBlobKeyError for a key that is not valid. */
export function blobFiles(dir: string, key: string): BlobFiles {
  const segments = blobKeySegments(key);
  const folder = join(blobsRoot(dir), ...segments.slice(0, -1));
  const last = segments[segments.length - 1];
  return { folder, data: join(folder, last + BLOB_SUFFIX), meta: join(folder, last + META_SUFFIX) };
}

/** The meta sidecar that belongs to a data file. */
export function metaFileOf(dataFile: string): string {
  return dataFile.slice(0, -BLOB_SUFFIX.length) + META_SUFFIX;
}
