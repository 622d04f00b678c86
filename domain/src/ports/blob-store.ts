import type { Readable } from 'node:stream';

/** Blob-store port, shaped like Azure Blob Storage: streamed upload and download, delete, signed read URLs. */

export interface BlobInfo {
  readonly key: string;
  readonly sizeBytes: number;
  readonly createdAt: Date;
}

/** How a blob is written. */
export interface PutOptions {
  readonly contentType: string;
  /** Aborting it abandons the upload: the put rejects, and nothing of it becomes visible. */
  readonly signal?: AbortSignal;
}

export interface BlobStore {
  /** Writes the whole stream under key (replacing any blob there) and answers its size. */
  put(key: string, body: Readable | AsyncIterable<Buffer | string>, options: PutOptions): Promise<BlobInfo>;
  /** The blob as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Deletes the blob; deleting a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** An absolute URL that reads the blob until expiresAt (read-only). */
  signedReadUrl(key: string, options: { readonly expiresAt: Date; readonly downloadFileName?: string }): Promise<string>;
  /** Deletes every blob created before the cutoff (file retention) and answers how many. */
  deleteCreatedBefore(cutoff: Date): Promise<number>;
}
