import { Readable } from 'node:stream';
import { BlobInfo, BlobStore, PutOptions } from '@support/domain';

/**
 * Fault injection around a real blob store: the first upload can be held after a number of chunks
 * (a worker that stops mid-export: its upload never completes), and uploads can be made to fail.
 * Everything else goes to the real store.
 */
export class GatedBlobStore implements BlobStore {
  /** Hold the first upload when it asks for this chunk (0 = header); null = never hold. */
  holdFirstUploadAtChunk: number | null = null;
  failUploads = false;
  /** A pause before each chunk is passed on (a slow but moving upload). */
  chunkDelayMs = 0;
  private uploads = 0;
  private releaseHeld: (() => void) | null = null;
  private reached: Promise<void>;
  private markReached!: () => void;

  constructor(private readonly inner: BlobStore) {
    this.reached = new Promise((r) => (this.markReached = r));
  }

  /** Resolves once the first upload is held. */
  held(): Promise<void> {
    return this.reached;
  }

  release(): void {
    this.releaseHeld?.();
  }

  async put(key: string, body: Readable | AsyncIterable<Buffer | string>, options: PutOptions): Promise<BlobInfo> {
    if (this.failUploads) throw new Error('disk full under /var/lib/secret-volume (internal detail)');
    const upload = ++this.uploads;
    const holdAt = upload === 1 ? this.holdFirstUploadAtChunk : null;
    const gate = this;
    const gated = async function* () {
      let chunk = 0;
      for await (const part of body) {
        if (holdAt !== null && chunk === holdAt) {
          await new Promise<void>((resolve) => {
            gate.releaseHeld = resolve;
            gate.markReached();
          });
        }
        chunk++;
        if (gate.chunkDelayMs > 0) await new Promise((r) => setTimeout(r, gate.chunkDelayMs));
        yield part;
      }
    };
    return this.inner.put(key, gated(), options);
  }

  get(key: string) { return this.inner.get(key); }
  delete(key: string) { return this.inner.delete(key); }
  signedReadUrl(key: string, options: { readonly expiresAt: Date; readonly downloadFileName?: string }) { return this.inner.signedReadUrl(key, options); }
  deleteCreatedBefore(cutoff: Date) { return this.inner.deleteCreatedBefore(cutoff); }
}
