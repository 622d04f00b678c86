import { crc32 } from 'node:zlib';
import type { TimeSlice } from '@support/domain';
import type { LogIndexImage } from './log-index';

export const LOG_INDEX_FORMAT = 'support-event-log-index';
export const LOG_INDEX_VERSION = 1;

/** The header line of a persisted log index: what it covers, and a checksum of everything it holds. */
export interface LogIndexHeader {
  readonly format: string;
  readonly version: number;
  readonly count: number;
  readonly endOffset: number;
  readonly checksum: number;
}

const bytesOf = (a: Float64Array | Uint32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * Values per part of a file or a checksum: a log of 500,000 records made its index in one turn of
 * 30-75 ms (each line one JSON.stringify, the checksum over one JSON of every stream name), holding
 * up every request; a part of this many values takes well under a millisecond.
 */
const PART_VALUES = 10_000;

/** A JSON array of `length` values in parts, each the encoding of at most PART_VALUES of them (`encode(from, to)`, comma-joined). */
function* jsonArrayParts(length: number, encode: (from: number, to: number) => string): Generator<string> {
  if (length === 0) yield '[]';
  for (let from = 0; from < length; from += PART_VALUES) {
    const to = Math.min(length, from + PART_VALUES);
    yield `${from === 0 ? '[' : ','}${encode(from, to)}${to === length ? ']' : ''}`;
  }
}

const namesJson = (names: readonly string[]) => jsonArrayParts(names.length, (from, to) => JSON.stringify(names.slice(from, to)).slice(1, -1));
const numbersJson = (numbers: Float64Array | Uint32Array) => jsonArrayParts(numbers.length, (from, to) => numbers.subarray(from, to).join(','));

/** What the checksum covers, in order: the count and end, the three arrays' bytes, the stream names' JSON. */
function* checksumParts(image: LogIndexImage): Generator<string | Buffer> {
  yield `${image.count}:${image.endOffset}`;
  for (const numbers of [image.offsets, image.idHashes, image.streams]) {
    for (let from = 0; from < numbers.length; from += PART_VALUES) yield bytesOf(numbers.subarray(from, from + PART_VALUES));
  }
  yield* namesJson(image.streamNames);
}

/** CRC-32 over the image's numbers and stream names: a damaged file never passes for an index. */
export const imageChecksum = (image: LogIndexImage): number => {
  let crc = 0;
  for (const part of checksumParts(image)) crc = crc32(part, crc);
  return crc;
};

/** imageChecksum, giving other work a turn whenever `slice` is used up. */
export const imageChecksumSliced = async (image: LogIndexImage, slice: TimeSlice): Promise<number> => {
  let crc = 0;
  for (const part of checksumParts(image)) {
    crc = crc32(part, crc);
    if (slice.used()) await slice.yieldTurn();
  }
  return crc;
};

/**
 * The text of a log index file in parts of at most PART_VALUES values: a header line, the stream
 * names, then per position its offset, id hash and stream, each a JSON line.
 */
export function* logIndexText(image: LogIndexImage, checksum: number): Generator<string> {
  const header: LogIndexHeader = { format: LOG_INDEX_FORMAT, version: LOG_INDEX_VERSION, count: image.count, endOffset: image.endOffset, checksum };
  yield `${JSON.stringify(header)}\n`;
  for (const parts of [namesJson(image.streamNames), numbersJson(image.offsets), numbersJson(image.idHashes), numbersJson(image.streams)]) {
    yield* parts;
    yield '\n';
  }
}

const isNumberArray = (a: unknown, length: number): a is number[] => Array.isArray(a) && a.length === length;

/**
 * The image the lines of a log index file describe, or why they do not make one (another format,
 * a missing or damaged line, a checksum that does not hold, streams out of range).
 */
export const logIndexImageOf = (lines: readonly unknown[]): LogIndexImage | string => {
  const [header, names, offsets, idHashes, streams] = lines as [LogIndexHeader | undefined, unknown, unknown, unknown, unknown];
  if (header?.format !== LOG_INDEX_FORMAT || header.version !== LOG_INDEX_VERSION) return 'not a log index of this version';
  const { count, endOffset } = header;
  if (!Number.isSafeInteger(count) || count <= 0 || !Number.isSafeInteger(endOffset)) return 'bad header';
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return 'bad stream names';
  if (!isNumberArray(offsets, count) || !isNumberArray(idHashes, count) || !isNumberArray(streams, count)) return 'cut short';
  const image: LogIndexImage = {
    count, endOffset, streamNames: names as string[],
    offsets: Float64Array.from(offsets), idHashes: Uint32Array.from(idHashes), streams: Uint32Array.from(streams),
  };
  if (imageChecksum(image) !== header.checksum) return 'checksum mismatch';
  for (let p = 0; p < count; p++) if (image.streams[p] >= names.length) return 'stream out of range';
  return image;
};
