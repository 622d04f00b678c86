import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { Either, left, right } from 'fp-ts/Either';
import { BlobInfo, BlobStore, PutOptions } from '@support/domain';
import { blobKeySegments, isValidBlobKey } from '../blob-key';
import { BLOB_SUFFIX, META_SUFFIX, blobFiles, blobsRoot, metaFileOf, uploadsFolder } from './blob-files';
import { filesUnder } from './blob-tree';
import { fsyncFolder, isMissingPath, moveIntoPlace, pruneEmptyFolders, writeTempFile } from './durable-file';
import { isSignatureOf, signReadGrant } from './read-signature';

interface LocalBlobStoreOptions {
  /** Folder of the blobs, under DATA_DIR. */
  readonly dir: string;
  /** Base of the URLs handed out, e.g. `http://127.0.0.1:8080`. */
  readonly publicBaseUrl: string;
  /** Key of the URL signatures (see loadOrCreateSigningKey). */
  readonly signingKey: Buffer;
  /** Path of the gateway's download route; `/downloads` unless told. */
  readonly downloadPath?: string;
}

export interface SignedReadQuery {
  readonly expires?: string;
  readonly signature?: string;
  readonly filename?: string;
}

export interface SignedReadRefusal {
  readonly reason: 'invalid_signature' | 'expired' | 'not_found';
}

export interface SignedRead {
  readonly stream: Readable;
  readonly sizeBytes: number;
  /** The content type the blob was put with. */
  readonly contentType: string;
  readonly downloadFileName?: string;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** An upload whose temp file has not been written to for this long was abandoned (a crash). */
const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

/**
 * The embedded blob store: files under a folder, each put written to a temp file, fsynced and renamed
 * into place, so a key holds a whole blob or none. Reads by URL go through the HTTP gateway, which hands
 * the query of the URL to openSignedRead.
 */
export class LocalBlobStore implements BlobStore {
  private constructor(
    private readonly dir: string,
    private readonly publicBaseUrl: string,
    private readonly signingKey: Buffer,
    readonly downloadPath: string,
  ) {}

  static async open(options: LocalBlobStoreOptions): Promise<LocalBlobStore> {
    if (options.signingKey.length === 0) throw new Error('the URL signing key is empty');
    await mkdir(blobsRoot(options.dir), { recursive: true });
    await mkdir(uploadsFolder(options.dir), { recursive: true });
    const store = new LocalBlobStore(
      options.dir,
      options.publicBaseUrl.replace(/\/+$/, ''),
      options.signingKey,
      normalizedRoutePath(options.downloadPath ?? '/downloads'),
    );
    await store.removeAbandonedUploads(new Date(Date.now() - ABANDONED_UPLOAD_MS));
    return store;
  }

  async put(key: string, body: Readable | AsyncIterable<Buffer | string>, options: PutOptions): Promise<BlobInfo> {
    const files = blobFiles(this.dir, key);
    const uploads = uploadsFolder(this.dir);
    const dataTemp = await writeTempFile(uploads, body, options.signal);
    try {
      const written = await stat(dataTemp);
      const metaTemp = await writeTempFile(uploads, Readable.from([JSON.stringify({ contentType: options.contentType })]));
      await moveIntoPlace(metaTemp, files.meta).catch(async (error: unknown) => {
        await rm(metaTemp, { force: true });
        throw error;
      });
      await moveIntoPlace(dataTemp, files.data);
      await fsyncFolder(files.folder);
      return { key, sizeBytes: written.size, createdAt: written.mtime };
    } finally {
      await rm(dataTemp, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const files = blobFiles(this.dir, key);
    try {
      const handle = await open(files.data, 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissingPath(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const files = blobFiles(this.dir, key);
    await this.removeBlob(files.data);
  }

  async signedReadUrl(key: string, options: { readonly expiresAt: Date; readonly downloadFileName?: string }): Promise<string> {
    blobKeySegments(key);
    const expiresUnixSeconds = Math.floor(options.expiresAt.getTime() / 1000);
    const downloadFileName = options.downloadFileName || undefined;
    const query = new URLSearchParams({ expires: String(expiresUnixSeconds) });
    if (downloadFileName !== undefined) query.set('filename', downloadFileName);
    query.set('signature', signReadGrant(this.signingKey, { key, expiresUnixSeconds, downloadFileName }));
    // The key is one path segment, its `/` percent-encoded, so the link fits the OpenAPI template /downloads/{key}.
    return `${this.publicBaseUrl}${this.downloadPath}/${encodeURIComponent(key)}?${query.toString()}`;
  }

  /**
   * What the gateway's download route calls with the key and query of a signed URL: checks the
   * signature (constant time) and the expiry, then opens the blob.
   */
  async openSignedRead(key: string, query: SignedReadQuery, now: Date): Promise<Either<SignedReadRefusal, SignedRead>> {
    const expires = query.expires ?? '';
    const downloadFileName = query.filename || undefined;
    if (!/^\d{1,15}$/.test(expires) || query.signature === undefined) return left({ reason: 'invalid_signature' });
    const expiresUnixSeconds = Number(expires);
    if (!isSignatureOf(this.signingKey, { key, expiresUnixSeconds, downloadFileName }, query.signature)) {
      return left({ reason: 'invalid_signature' });
    }
    if (now.getTime() >= expiresUnixSeconds * 1000) return left({ reason: 'expired' });
    if (!isValidBlobKey(key)) return left({ reason: 'not_found' });
    const files = blobFiles(this.dir, key);
    let handle;
    try {
      handle = await open(files.data, 'r');
    } catch (error) {
      if (isMissingPath(error)) return left({ reason: 'not_found' });
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const contentType = await readContentType(files.meta);
      return right({ stream: handle.createReadStream(), sizeBytes: size, contentType, downloadFileName });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * The key a request path of the download route names (each segment percent-decoded), or null when the
   * path is not under the route or names no valid key.
   */
  keyFromRequestPath(pathname: string): string | null {
    const prefix = `${this.downloadPath}/`;
    if (!pathname.startsWith(prefix)) return null;
    try {
      const key = pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
      return isValidBlobKey(key) ? key : null;
    } catch {
      return null;
    }
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for await (const file of filesUnder(blobsRoot(this.dir))) {
      if (file.endsWith(BLOB_SUFFIX)) {
        if ((await modifiedBefore(file, cutoff)) && (await this.removeBlob(file))) deleted++;
      } else if (file.endsWith(META_SUFFIX)) {
        await this.removeOrphanMeta(file, cutoff);
      }
    }
    await this.removeAbandonedUploads(new Date(Math.min(cutoff.getTime(), Date.now() - ABANDONED_UPLOAD_MS)));
    return deleted;
  }

  /** Removes a blob's data and meta files and any folder left empty; answers whether the data was there. */
  private async removeBlob(dataFile: string): Promise<boolean> {
    let existed = true;
    try {
      await rm(dataFile);
    } catch (error) {
      if (!isMissingPath(error)) throw error;
      existed = false;
    }
    await rm(metaFileOf(dataFile), { force: true });
    await pruneEmptyFolders(dirname(dataFile), blobsRoot(this.dir));
    return existed;
  }

  /** A meta file without its data is what a crash between the two renames of a put leaves. */
  private async removeOrphanMeta(metaFile: string, cutoff: Date): Promise<void> {
    const dataFile = metaFile.slice(0, -META_SUFFIX.length) + BLOB_SUFFIX;
    if ((await modifiedBefore(metaFile, cutoff)) && !(await exists(dataFile))) {
      await rm(metaFile, { force: true });
      await pruneEmptyFolders(dirname(metaFile), blobsRoot(this.dir));
    }
  }

  private async removeAbandonedUploads(before: Date): Promise<void> {
    for await (const file of filesUnder(uploadsFolder(this.dir))) {
      if (await modifiedBefore(file, before)) await rm(file, { force: true });
    }
  }
}

function normalizedRoutePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

async function readContentType(metaFile: string): Promise<string> {
  try {
    const meta: unknown = JSON.parse(await readFile(metaFile, 'utf8'));
    const contentType = typeof meta === 'object' && meta !== null ? (meta as { contentType?: unknown }).contentType : undefined;
    return typeof contentType === 'string' && contentType !== '' ? contentType : DEFAULT_CONTENT_TYPE;
  } catch (error) {
    if (isMissingPath(error) || error instanceof SyntaxError) return DEFAULT_CONTENT_TYPE;
    throw error;
  }
}

async function modifiedBefore(path: string, cutoff: Date): Promise<boolean> {
  try {
    return (await stat(path)).mtime.getTime() < cutoff.getTime();
  } catch (error) {
    if (isMissingPath(error)) return false;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissingPath(error)) return false;
    throw error;
  }
}
