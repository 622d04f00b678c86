import { crc32 } from 'node:zlib';
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

/** CRC-32 over the image's numbers and stream names: a damaged file never passes for an index. */
export const imageChecksum = (image: LogIndexImage): number => {
  let crc = crc32(`${image.count}:${image.endOffset}`);
  crc = crc32(bytesOf(image.offsets), crc);
  crc = crc32(bytesOf(image.idHashes), crc);
  crc = crc32(bytesOf(image.streams), crc);
  return crc32(JSON.stringify(image.streamNames), crc);
};

/** The lines a log index file holds: a header, the stream names, then per position its offset, id hash and stream. */
export const logIndexLines = (image: LogIndexImage): unknown[] => [
  { format: LOG_INDEX_FORMAT, version: LOG_INDEX_VERSION, count: image.count, endOffset: image.endOffset, checksum: imageChecksum(image) } satisfies LogIndexHeader,
  image.streamNames,
  Array.from(image.offsets),
  Array.from(image.idHashes),
  Array.from(image.streams),
];

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
