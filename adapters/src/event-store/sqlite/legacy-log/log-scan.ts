// Exists only to import data directories written by earlier versions (the embedded event log); nothing writes this format any more.
import { FileHandle } from 'node:fs/promises';
import { readFully } from './log-reader';
import { frameAt } from './record-frame';
import { decodeStoredEventHeader } from './stored-event';

/** Where each record of an old log starts (its position is its ordinal) and where the last one ends. */
export class LegacyLogIndex {
  constructor(private readonly offsets: readonly number[], private readonly end: number) {}

  /** Number of records (events) in the log. */
  get count(): number {
    return this.offsets.length;
  }

  offsetOf(position: number): number {
    return this.offsets[position];
  }

  /** File offset just past the record at `position`. */
  endOf(position: number): number {
    return position + 1 < this.offsets.length ? this.offsets[position + 1] : this.end;
  }

  /** End (exclusive) of a batch from `from`: at most `maxCount` records and `maxBytes` bytes, at least one record, never past `limit`. */
  batchEnd(from: number, limit: number, maxCount: number, maxBytes: number): number {
    const start = this.offsetOf(from);
    let to = from + 1;
    while (to < limit && to - from < maxCount && this.endOf(to) - start <= maxBytes) to += 1;
    return to;
  }
}

const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Scans an old log whole, read-only, and answers where each record starts. Every frame must be
 * whole and pass its checksum, every record must be a stored event whose position and revision
 * come next in sequence, one stream per append, and the last append must be complete. Any damage,
 * a torn tail included, throws an Error naming the file, the byte and the record where it is
 * (for an incomplete last append: where that append starts). Nothing is ever cut or repaired.
 */
export async function scanLegacyLog(file: FileHandle, path: string, maxPayloadBytes: number): Promise<LegacyLogIndex> {
  const fileSize = (await file.stat()).size;
  const offsets: number[] = [];
  const streamLengths = new Map<string, number>();
  /** The append being read: its stream, its last revision so far, where it starts. */
  let open: { streamName: string; revision: number; start: number; record: number } | null = null;
  let offset = 0;
  let chunk = Buffer.alloc(0);
  let chunkStart = 0;
  let chunkLength = 0;
  const damaged = (at: number, record: number, reason: string): Error =>
    new Error(`event log ${path} is damaged at byte ${at} (record ${record}: ${reason})`);

  while (offset < fileSize) {
    const frame = frameAt(chunk, offset - chunkStart, chunkLength, maxPayloadBytes);
    if (frame.kind === 'truncated' && chunkStart + chunkLength < fileSize) {
      const wanted = Math.min(fileSize - offset, Math.max(CHUNK_BYTES, frame.size ?? 0));
      if (chunk.length < wanted) chunk = Buffer.allocUnsafe(wanted);
      chunkStart = offset;
      chunkLength = await readFully(file, chunk.subarray(0, wanted), offset);
      continue;
    }
    const record = offsets.length;
    if (frame.kind === 'truncated') throw damaged(offset, record, 'record cut short');
    if (frame.kind === 'corrupt') throw damaged(offset, record, frame.reason);
    let header;
    try {
      header = decodeStoredEventHeader(frame.payload);
    } catch (error) {
      throw damaged(offset, record, `unreadable record: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (header.position !== record) throw damaged(offset, record, `position ${header.position} where ${record} was due`);
    if (open !== null && open.streamName !== header.streamName) throw damaged(offset, record, 'append spans two streams');
    const expectedRevision: number = open !== null ? open.revision + 1 : (streamLengths.get(header.streamName) ?? 0);
    if (header.revision !== expectedRevision) throw damaged(offset, record, `revision ${header.revision} where ${expectedRevision} was due`);
    if (open === null) open = { streamName: header.streamName, revision: header.revision, start: offset, record };
    else open.revision = header.revision;
    offsets.push(offset);
    offset += frame.size;
    if (header.batchEnd) {
      streamLengths.set(header.streamName, header.revision + 1);
      open = null;
    }
  }
  if (open !== null) throw damaged(open.start, open.record, 'append not complete');
  return new LegacyLogIndex(offsets, offset);
}
