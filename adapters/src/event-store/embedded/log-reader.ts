import { FileHandle } from 'node:fs/promises';
import { RecordedEvent } from '@support/domain';
import { LogIndex } from './log-index';
import { frameAt } from './record-frame';
import { RecentEvents } from './recent-events';
import { decodeStoredEvent } from './stored-event';

/** Reads records back from the log file by position; consecutive positions come with one read. */
export class LogReader {
  constructor(
    private readonly file: FileHandle,
    private readonly index: LogIndex,
    private readonly maxPayloadBytes: number,
    private readonly recent: RecentEvents,
  ) {}

  /** End (exclusive) of a batch from `from`: at most `maxCount` records and `maxBytes` bytes, at least one record, never past `limit`. */
  batchEnd(from: number, limit: number, maxCount: number, maxBytes: number): number {
    const start = this.index.offsetOf(from);
    let to = from + 1;
    while (to < limit && to - from < maxCount && this.index.endOf(to) - start <= maxBytes) to += 1;
    return to;
  }

  /**
   * The events at positions `from` .. `to - 1`; with `accept`, only those whose record it accepts
   * (the others are checked by their checksum but never decoded).
   */
  async readRange(from: number, to: number, accept?: (payload: Buffer) => boolean): Promise<RecordedEvent[]> {
    const held = this.recent.range(from, to);
    if (held !== null) return held;
    const start = this.index.offsetOf(from);
    const end = this.index.endOf(to - 1);
    const buffer = Buffer.allocUnsafe(end - start);
    await readFully(this.file, buffer, start);
    const events: RecordedEvent[] = [];
    let offset = 0;
    for (let position = from; position < to; position += 1) {
      const frame = frameAt(buffer, offset, buffer.length, this.maxPayloadBytes);
      if (frame.kind !== 'frame') throw damaged(position, frame.kind === 'corrupt' ? frame.reason : 'record cut short');
      if (accept !== undefined && !accept(frame.payload)) {
        offset += frame.size;
        continue;
      }
      const { event } = decodeStoredEvent(frame.payload);
      if (event.position.commit !== BigInt(position)) throw damaged(position, `found position ${event.position.commit}`);
      events.push(event);
      offset += frame.size;
    }
    return events;
  }

  /** The events at these positions, in the order given; runs of consecutive positions are read at once. */
  async readPositions(positions: readonly number[]): Promise<RecordedEvent[]> {
    const ascending = [...positions].sort((a, b) => a - b);
    const byPosition = new Map<number, RecordedEvent>();
    let runStart = 0;
    for (let i = 1; i <= ascending.length; i += 1) {
      if (i < ascending.length && ascending[i] === ascending[i - 1] + 1) continue;
      const events = await this.readRange(ascending[runStart], ascending[i - 1] + 1);
      for (const event of events) byPosition.set(Number(event.position.commit), event);
      runStart = i;
    }
    return positions.map((position) => byPosition.get(position) as RecordedEvent);
  }
}

export async function readFully(file: FileHandle, buffer: Buffer, fileOffset: number): Promise<number> {
  let read = 0;
  while (read < buffer.length) {
    const { bytesRead } = await file.read(buffer, read, buffer.length - read, fileOffset + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return read;
}

const damaged = (position: number, reason: string): Error =>
  new Error(`event log damaged at position ${position}: ${reason}`);
