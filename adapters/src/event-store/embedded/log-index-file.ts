import { crc32 } from 'node:zlib';
import type { TimeSlice } from '@support/domain';
import type { LogIndexImage } from './log-index';

export const LOG_INDEX_FORMAT = 'support-event-log-index';
/**
 * 2: the three arrays as base64 of their bytes, the checksum over the file's bytes after the header.
 * Version 1 wrote them as JSON arrays of numbers: reading one back took a restart of 500,000 events
 * about half a second (the parse, then a checksum over a JSON made again of every stream name). A file
 * of another version is not used: the log is scanned once, and the next index written is of this one.
 */
export const LOG_INDEX_VERSION = 2;

/** The header line of a persisted log index: what it covers, and a checksum of everything after it. */
export interface LogIndexHeader {
  readonly format: string;
  readonly version: number;
  readonly count: number;
  readonly endOffset: number;
  readonly checksum: number;
}

/**
 * Values per part of a file or a checksum, a multiple of 3 × 4 (a part of 8- or 4-byte values is whole
 * base64 with no padding, so the parts of one array join into one base64 text): a log of 500,000
 * records made its index in one turn of 30-75 ms, holding up every request; a part of this many values
 * takes well under a millisecond.
 */
const PART_VALUES = 12_288;

/** A JSON array of the names in parts of at most PART_VALUES names, comma-joined. */
function* namesJson(names: readonly string[]): Generator<string> {
  if (names.length === 0) yield '[]';
  for (let from = 0; from < names.length; from += PART_VALUES) {
    const to = Math.min(names.length, from + PART_VALUES);
    yield `${from === 0 ? '[' : ','}${JSON.stringify(names.slice(from, to)).slice(1, -1)}${to === names.length ? ']' : ''}`;
  }
}

/** A JSON string holding the base64 of the array's bytes (the platform's byte order, as the log's own machine reads them), in parts. */
function* base64Json(numbers: Float64Array | Uint32Array): Generator<string> {
  yield '"';
  for (let from = 0; from < numbers.length; from += PART_VALUES) {
    const part = numbers.subarray(from, from + PART_VALUES);
    yield Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64');
  }
  yield '"';
}

/** The file after its header line, in parts: the stream names, then per position its offset, id hash and stream, each one line. */
function* bodyParts(image: LogIndexImage): Generator<string> {
  for (const line of [namesJson(image.streamNames), base64Json(image.offsets), base64Json(image.idHashes), base64Json(image.streams)]) {
    yield* line;
    yield '\n';
  }
}

/** CRC-32 over the file's bytes after the header line: a damaged file never passes for an index. */
export const imageChecksum = (image: LogIndexImage): number => {
  let crc = 0;
  for (const part of bodyParts(image)) crc = crc32(part, crc);
  return crc;
};

/** imageChecksum, giving other work a turn whenever `slice` is used up. */
export const imageChecksumSliced = async (image: LogIndexImage, slice: TimeSlice): Promise<number> => {
  let crc = 0;
  for (const part of bodyParts(image)) {
    crc = crc32(part, crc);
    if (slice.used()) await slice.yieldTurn();
  }
  return crc;
};

/** The text of a log index file in parts of at most PART_VALUES values: a header line, then the body (bodyParts). */
export function* logIndexText(image: LogIndexImage, checksum: number): Generator<string> {
  const header: LogIndexHeader = { format: LOG_INDEX_FORMAT, version: LOG_INDEX_VERSION, count: image.count, endOffset: image.endOffset, checksum };
  yield `${JSON.stringify(header)}\n`;
  yield* bodyParts(image);
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;

/** The array a line holds (the base64 of exactly as many bytes as `into` has, quoted), copied into `into`; false when it is not that. */
const readArray = (file: Buffer, start: number, end: number, into: Float64Array | Uint32Array): boolean => {
  if (end - start < 2 || file[start] !== QUOTE || file[end - 1] !== QUOTE) return false;
  const bytes = Buffer.from(file.toString('latin1', start + 1, end - 1), 'base64');
  if (bytes.length !== into.byteLength) return false;
  // Copied rather than viewed: a typed array over the file's buffer would need its offset aligned.
  Buffer.from(into.buffer, into.byteOffset, into.byteLength).set(bytes);
  return true;
};

/**
 * The image a log index file holds, or why it does not make one (another format or version, a missing
 * or damaged line, a checksum that does not hold, streams out of range). Names used twice are
 * LogIndex.fromImage's to find (it maps them anyway).
 */
export const logIndexImageOf = (file: Buffer): LogIndexImage | string => {
  const ends: number[] = [];
  for (let at = file.indexOf(NEWLINE); at >= 0 && ends.length < 5; at = file.indexOf(NEWLINE, at + 1)) ends.push(at);
  let header: Partial<LogIndexHeader> | null;
  try {
    header = JSON.parse(file.toString('utf8', 0, ends[0] ?? file.length)) as Partial<LogIndexHeader> | null;
  } catch {
    return 'not a log index';
  }
  if (header?.format !== LOG_INDEX_FORMAT || header.version !== LOG_INDEX_VERSION) return 'not a log index of this version';
  const { count, endOffset } = header;
  if (!Number.isSafeInteger(count) || (count as number) <= 0 || !Number.isSafeInteger(endOffset)) return 'bad header';
  if (ends.length < 5 || ends[4] !== file.length - 1) return 'cut short';
  if (crc32(file.subarray(ends[0] + 1)) !== header.checksum) return 'checksum mismatch';
  let names: unknown;
  try {
    names = JSON.parse(file.toString('utf8', ends[0] + 1, ends[1]));
  } catch {
    return 'bad stream names';
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return 'bad stream names';
  const n = count as number;
  const image: LogIndexImage = {
    count: n, endOffset: endOffset as number, streamNames: names as string[],
    offsets: new Float64Array(n), idHashes: new Uint32Array(n), streams: new Uint32Array(n),
  };
  if (!readArray(file, ends[1] + 1, ends[2], image.offsets) || !readArray(file, ends[2] + 1, ends[3], image.idHashes) || !readArray(file, ends[3] + 1, ends[4], image.streams)) {
    return 'bad arrays';
  }
  for (let p = 0; p < n; p++) if (image.streams[p] >= names.length) return 'stream out of range';
  return image;
};
