import { FileHandle } from 'node:fs/promises';
import { LogIndex } from './log-index';
import { readFully } from './log-reader';
import { frameAt } from './record-frame';
import { decodeStoredEventHeader } from './stored-event';

export interface RecoveryLimits {
  readonly maxPayloadBytes: number;
  /** The most a crash can leave unsynced: one group commit. A damaged region longer than this is not a torn tail. */
  readonly maxTailBytes: number;
}

export interface Recovery {
  readonly index: LogIndex;
  /** Bytes cut from the end of the log: a torn or corrupt tail, or an append that reached the disk only in part. */
  readonly truncatedBytes: number;
  /** Why the tail was cut, when it was. */
  readonly reason: string | null;
}

const CHUNK_BYTES = 8 * 1024 * 1024;

interface PendingRecord {
  readonly streamName: string;
  readonly eventId: string;
  readonly revision: number;
  readonly size: number;
}

/**
 * Scans the log from the start and rebuilds the index; given the index of a prefix (`from`, a
 * persisted index checked against this log), scans only the records after it. The log ends at the first record that is
 * cut short, fails its checksum, is not a stored event or is out of sequence; an append whose last
 * record is missing is dropped whole. What follows is truncated, unless it is longer than any write
 * that a crash can leave half-done: then the log is damaged in the middle and opening it fails
 * rather than silently dropping acknowledged events.
 */
export async function recoverLog(file: FileHandle, path: string, limits: RecoveryLimits, from: LogIndex = new LogIndex(0)): Promise<Recovery> {
  const fileSize = (await file.stat()).size;
  const index = from;
  let pending: PendingRecord[] = [];
  let offset = index.endOffset;
  let pendingStart = offset;
  let chunk = Buffer.alloc(0);
  let chunkStart = offset;
  let chunkLength = 0;
  let reason: string | null = null;

  while (offset < fileSize) {
    const frame = frameAt(chunk, offset - chunkStart, chunkLength, limits.maxPayloadBytes);
    if (frame.kind === 'truncated' && chunkStart + chunkLength < fileSize) {
      const wanted = Math.min(fileSize - offset, Math.max(CHUNK_BYTES, frame.size ?? 0));
      if (chunk.length < wanted) chunk = Buffer.allocUnsafe(wanted);
      chunkStart = offset;
      chunkLength = await readFully(file, chunk.subarray(0, wanted), offset);
      continue;
    }
    if (frame.kind === 'truncated') {
      reason = 'record cut short';
      break;
    }
    if (frame.kind === 'corrupt') {
      reason = frame.reason;
      break;
    }
    // Only the last write can be torn: there every record is parsed whole; before it the checksum guards the JSON.
    const inTail = fileSize - offset <= limits.maxTailBytes;
    const record = checkedRecord(frame.payload, inTail, index, pending);
    if (typeof record === 'string') {
      reason = record;
      break;
    }
    if (pending.length === 0) pendingStart = offset;
    pending.push({ ...record, size: frame.size });
    offset += frame.size;
    if (record.batchEnd) {
      for (const p of pending) index.add(p.streamName, p.eventId, p.size);
      pending = [];
    }
  }

  if (pending.length > 0) reason ??= 'append not complete';
  const validEnd = pending.length > 0 ? pendingStart : offset;
  const truncatedBytes = fileSize - validEnd;
  if (truncatedBytes > limits.maxTailBytes) {
    throw new Error(
      `event log ${path} is damaged at byte ${validEnd} (${reason}) with ${truncatedBytes} bytes after it, ` +
        `more than one write can leave unsynced (${limits.maxTailBytes}); not truncating acknowledged events`,
    );
  }
  if (truncatedBytes > 0) {
    await file.truncate(validEnd);
    await file.sync();
  }
  return { index, truncatedBytes, reason: truncatedBytes > 0 ? reason : null };
}

type CheckedRecord = { readonly streamName: string; readonly eventId: string; readonly revision: number; readonly batchEnd: boolean };

/** The record's identity when it is the next one in sequence, or why it is not. */
function checkedRecord(
  payload: Buffer,
  validateAll: boolean,
  index: LogIndex,
  pending: readonly PendingRecord[],
): CheckedRecord | string {
  let header;
  try {
    header = decodeStoredEventHeader(payload, validateAll);
  } catch (error) {
    return `unreadable record: ${error instanceof Error ? error.message : String(error)}`;
  }
  const expectedPosition = index.count + pending.length;
  if (header.position !== expectedPosition) return `position ${header.position} where ${expectedPosition} was due`;
  const previous = pending[pending.length - 1];
  if (previous && previous.streamName !== header.streamName) return 'append spans two streams';
  const expectedRevision = previous ? previous.revision + 1 : index.streamLength(header.streamName);
  if (header.revision !== expectedRevision) return `revision ${header.revision} where ${expectedRevision} was due`;
  return { streamName: header.streamName, eventId: header.eventId, revision: header.revision, batchEnd: header.batchEnd };
}
