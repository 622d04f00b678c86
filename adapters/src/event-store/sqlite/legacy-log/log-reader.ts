// Exists only to import data directories written by earlier versions (the embedded event log); nothing writes this format any more.
import { FileHandle } from 'node:fs/promises';
import { RecordedEvent } from '@support/domain';
import type { LegacyLogIndex } from './log-scan';
import { frameAt } from './record-frame';
import { decodeStoredEvent } from './stored-event';

/** The events at positions `from` .. `to - 1` of an old log scanned into `index`, read at once. */
export async function readLegacyEvents(
  file: FileHandle, index: LegacyLogIndex, from: number, to: number, maxPayloadBytes: number,
): Promise<RecordedEvent[]> {
  const start = index.offsetOf(from);
  const buffer = Buffer.allocUnsafe(index.endOf(to - 1) - start);
  await readFully(file, buffer, start);
  const events: RecordedEvent[] = [];
  let offset = 0;
  for (let position = from; position < to; position += 1) {
    const frame = frameAt(buffer, offset, buffer.length, maxPayloadBytes);
    if (frame.kind !== 'frame') throw damaged(position, frame.kind === 'corrupt' ? frame.reason : 'record cut short');
    const event = decodeStoredEvent(frame.payload);
    if (event.position.commit !== BigInt(position)) throw damaged(position, `found position ${event.position.commit}`);
    events.push(event);
    offset += frame.size;
  }
  return events;
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
