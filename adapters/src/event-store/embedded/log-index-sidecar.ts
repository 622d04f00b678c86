import { FileHandle, readFile } from 'node:fs/promises';
import { TimeSlice } from '@support/domain';
import { writeJsonLinesAtomically } from '../../files/json-lines-writer';
import { hashEventId, LogIndex, LogIndexImage } from './log-index';
import { imageChecksumSliced, logIndexImageOf, logIndexText } from './log-index-file';
import { readFully } from './log-reader';
import { frameAt, FRAME_HEADER_BYTES } from './record-frame';
import { decodeStoredEventHeader } from './stored-event';

/** Where the persisted index of the log `events.log` lives: beside it. */
export const logIndexFile = (logPath: string): string => `${logPath}.index`;

/**
 * Writes the index of the log's first `image.count` records beside the log (atomically, like a
 * snapshot). Only ever an index of records already synced: the log stays the one source of truth.
 */
export const writeLogIndex = async (path: string, image: LogIndexImage): Promise<void> => {
  // Made a part at a time, with turns for other work between them (see PART_VALUES).
  const checksum = await imageChecksumSliced(image, new TimeSlice());
  await writeJsonLinesAtomically(path, async (_write, writeText) => {
    for (const part of logIndexText(image, checksum)) await writeText(part);
  });
};

/** The index file's bytes, or why there are none to read. */
const readIndexFile = async (path: string): Promise<Buffer | string> => {
  try {
    return await readFile(path);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : `unreadable: ${(e as Error).message}`;
  }
};

/** Why the record the image places at `position` is not there in the log, or null when it is. */
const recordMismatch = async (log: FileHandle, image: LogIndexImage, position: number, maxPayloadBytes: number): Promise<string | null> => {
  const start = image.offsets[position];
  const end = position + 1 < image.count ? image.offsets[position + 1] : image.endOffset;
  if (!(end - start >= FRAME_HEADER_BYTES && end - start <= FRAME_HEADER_BYTES + maxPayloadBytes)) return `bad extent at position ${position}`;
  const buffer = Buffer.allocUnsafe(end - start);
  if ((await readFully(log, buffer, start)) !== buffer.length) return `log ends before position ${position}`;
  const frame = frameAt(buffer, 0, buffer.length, maxPayloadBytes);
  if (frame.kind !== 'frame' || frame.size !== buffer.length) return `no record at position ${position}`;
  try {
    const header = decodeStoredEventHeader(frame.payload, false);
    const same = header.position === position && header.streamName === image.streamNames[image.streams[position]] && hashEventId(header.eventId) === image.idHashes[position];
    return same ? null : `another record at position ${position}`;
  } catch {
    return `unreadable record at position ${position}`;
  }
};

/**
 * The index persisted beside the log, when it holds for this log: its checksum holds, the log is at
 * least as long as what it covers, and the first and last records it covers are where it says
 * (checksum, position, stream and event id). Otherwise why not (`none` when there is none): the
 * caller then scans the whole log, as without one.
 */
export const persistedLogIndex = async (path: string, log: FileHandle, maxPayloadBytes: number): Promise<LogIndex | string> => {
  const file = await readIndexFile(path);
  if (typeof file === 'string') return file;
  const image = logIndexImageOf(file);
  if (typeof image === 'string') return image;
  if ((await log.stat()).size < image.endOffset) return 'the log is shorter than the index';
  const mismatch = (await recordMismatch(log, image, 0, maxPayloadBytes)) ?? (await recordMismatch(log, image, image.count - 1, maxPayloadBytes));
  return mismatch ?? LogIndex.fromImage(image) ?? 'a stream named twice';
};
