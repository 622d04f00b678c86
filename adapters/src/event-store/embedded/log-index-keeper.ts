import { LogIndex } from './log-index';
import { writeLogIndex } from './log-index-sidecar';

/** Records scanned at open at most, beyond the persisted index, before the next one is due (or a tenth of the log, when more). */
export const INDEX_WRITE_EVERY = 20_000;

/** Whether an index of the first `durable` records is due, the last one written covering `covered`: the write costs O(log), so it comes every tenth of the log. */
export const indexWriteDue = (covered: number, durable: number): boolean => durable - covered >= Math.max(INDEX_WRITE_EVERY, Math.floor(covered / 10));

/**
 * Keeps the persisted index beside the log (log-index-sidecar.ts) close to the log's durable end,
 * off the append path: one write at a time, started once enough records became durable since the
 * last, and one at a clean close. A write that fails leaves the previous index, so the next open
 * scans a longer tail: slower, never wrong.
 */
export class LogIndexKeeper {
  private writing: Promise<void> | null = null;

  constructor(
    private readonly path: string,
    private readonly index: LogIndex,
    private covered: number,
  ) {}

  /** Records 0 .. durable - 1 are synced. */
  durable(durable: number): void {
    if (this.writing === null && indexWriteDue(this.covered, durable)) void this.write(durable);
  }

  /** Waits for a write under way, then writes the index of every durable record when it lags behind. */
  async close(durable: number): Promise<void> {
    if (this.writing !== null) await this.writing;
    if (durable > this.covered) await this.write(durable);
  }

  private write(count: number): Promise<void> {
    const image = this.index.image(count);
    this.writing = writeLogIndex(this.path, image)
      .then(
        () => {
          this.covered = count;
        },
        () => undefined,
      )
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }
}
