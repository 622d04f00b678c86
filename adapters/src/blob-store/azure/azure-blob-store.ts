import { Readable } from 'node:stream';
import { BlobSASPermissions, BlobServiceClient, ContainerClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { BlobInfo, BlobStore, PutOptions } from '@support/domain';
import { blobKeySegments } from '../blob-key';
import { settledOrAborted } from '../settled-or-aborted';
import { attachmentContentDisposition } from '../content-disposition';

export interface AzureBlobStoreOptions {
  /** A connection string with an AccountKey (signed URLs are signed with it), e.g. AZURE_STORAGE_CONNECTION_STRING. */
  readonly connectionString: string;
  readonly containerName: string;
  /**
   * The blob endpoint as the people who download reach it (`https://files.example.com/devstoreaccount1`),
   * when it is not the connection string's (a compose network's `http://azurite:10000/...`): the
   * download links name it. A SAS signs the account, container and blob, not the host, so the same
   * signature holds there.
   */
  readonly publicEndpoint?: string;
}

/** Upload in blocks of 4 MiB, 4 in flight: an upload holds at most about 20 MiB however big the blob. */
const UPLOAD_BLOCK_BYTES = 4 * 1024 * 1024;
const UPLOAD_CONCURRENCY = 4;
/** Deletes in flight during a retention sweep. */
const DELETE_CONCURRENCY = 8;

/** Azure Blob Storage (or Azurite): one container, block blobs, read-only SAS URLs. */
export class AzureBlobStore implements BlobStore {
  private constructor(private readonly container: ContainerClient, private readonly publicEndpoint: string | null) {}

  /** Connects and creates the container when it is missing. */
  static async connect(options: AzureBlobStoreOptions): Promise<AzureBlobStore> {
    const container = BlobServiceClient.fromConnectionString(options.connectionString).getContainerClient(options.containerName);
    if (!(container.credential instanceof StorageSharedKeyCredential)) {
      throw new Error('the Azure Storage connection string must carry an AccountKey to sign download URLs');
    }
    await container.createIfNotExists();
    return new AzureBlobStore(container, options.publicEndpoint?.replace(/\/+$/, '') ?? null);
  }

  async put(key: string, body: Readable | AsyncIterable<Buffer | string>, options: PutOptions): Promise<BlobInfo> {
    const blob = this.container.getBlockBlobClient(validKey(key));
    const stream = body instanceof Readable ? body : Readable.from(body);
    // Blocks are committed at the end: an upload aborted before that leaves no blob (uncommitted blocks expire).
    await settledOrAborted(blob.uploadStream(stream, UPLOAD_BLOCK_BYTES, UPLOAD_CONCURRENCY, {
      blobHTTPHeaders: { blobContentType: options.contentType },
      ...(options.signal ? { abortSignal: options.signal } : {}),
    }), stream, options.signal);
    const properties = await blob.getProperties(options.signal ? { abortSignal: options.signal } : {});
    return { key, sizeBytes: properties.contentLength ?? 0, createdAt: writtenAt(properties) };
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const response = await this.container.getBlobClient(validKey(key)).download();
      const body = response.readableStreamBody;
      if (body === undefined) throw new Error('the blob download answered no body');
      return body instanceof Readable ? body : Readable.from(body);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.container.getBlobClient(validKey(key)).deleteIfExists({ deleteSnapshots: 'include' });
  }

  async signedReadUrl(key: string, options: { readonly expiresAt: Date; readonly downloadFileName?: string }): Promise<string> {
    const url = await this.container.getBlobClient(validKey(key)).generateSasUrl({
      permissions: BlobSASPermissions.parse('r'),
      expiresOn: options.expiresAt,
      contentDisposition: options.downloadFileName ? attachmentContentDisposition(options.downloadFileName) : undefined,
    });
    return this.publicEndpoint === null ? url : publicUrl(url, this.serviceEndpoint(), this.publicEndpoint);
  }

  /** The account's endpoint the container's URL starts with (`http://azurite:10000/devstoreaccount1`). */
  private serviceEndpoint(): string {
    return this.container.url.slice(0, this.container.url.length - this.container.containerName.length).replace(/\/+$/, '');
  }

  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for await (const page of this.container.listBlobsFlat().byPage({ maxPageSize: 500 })) {
      const old = page.segment.blobItems
        .filter((item) => writtenAt(item.properties).getTime() < cutoff.getTime())
        .map((item) => item.name);
      for (let i = 0; i < old.length; i += DELETE_CONCURRENCY) {
        const outcomes = await Promise.all(
          old.slice(i, i + DELETE_CONCURRENCY).map((name) => this.container.getBlobClient(name).deleteIfExists({ deleteSnapshots: 'include' })),
        );
        deleted += outcomes.filter((outcome) => outcome.succeeded).length;
      }
    }
    return deleted;
  }
}

/**
 * When the blob under a key was created in the port's sense: a put replaces the blob, so an overwritten
 * blob is a new one. Azure may keep the first Creation-Time across overwrites; Last-Modified is the time
 * of the last put, as this adapter never changes a blob in place.
 */
function writtenAt(properties: { readonly createdOn?: Date; readonly lastModified?: Date }): Date {
  const times = [properties.createdOn, properties.lastModified].filter((time): time is Date => time !== undefined);
  if (times.length === 0) throw new Error('Azure answered a blob without Creation-Time or Last-Modified');
  return new Date(Math.max(...times.map((time) => time.getTime())));
}

function validKey(key: string): string {
  blobKeySegments(key);
  return key;
}

/** Checked by status rather than by class, so a second copy of the SDK's RestError class cannot slip past. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404;
}

/** A URL under the account's endpoint, moved under the public one (the path and the SAS query kept). */
const publicUrl = (url: string, serviceEndpoint: string, publicEndpoint: string): string => {
  if (!url.startsWith(`${serviceEndpoint}/`)) throw new Error('a signed URL outside the account\'s endpoint');
  return `${publicEndpoint}${url.slice(serviceEndpoint.length)}`;
};
