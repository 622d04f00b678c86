import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { longestTurn } from '../bench/support/longest-turn';
import { crc32 } from 'node:zlib';
import type { LogIndexImage } from '@support/adapters/dist/event-store/embedded/log-index';
import { imageChecksum, logIndexImageOf, LOG_INDEX_FORMAT, LOG_INDEX_VERSION } from '@support/adapters/dist/event-store/embedded/log-index-file';
import { writeLogIndex } from '@support/adapters/dist/event-store/embedded/log-index-sidecar';

/** An image of `count` records over `names` streams, some names with quotes, escapes and characters beyond ASCII. */
const imageOf = (count: number, names: number): LogIndexImage => {
  const streamNames = Array.from({ length: names }, (_, i) => (i % 7 === 0 ? `ticket-"q${i}"\\\t` : i % 11 === 0 ? `customer-Zoë-${i}-🎫` : `ticket-${i}`));
  const offsets = new Float64Array(count);
  const idHashes = new Uint32Array(count);
  const streams = new Uint32Array(count);
  for (let p = 0; p < count; p++) {
    offsets[p] = p * 731 + (p % 3);
    idHashes[p] = (p * 2_654_435_761) >>> 0;
    streams[p] = (p * 7919) % names;
  }
  return { count, endOffset: count * 731 + 5, offsets, idHashes, streams, streamNames };
};

/** The file as it was written before it was made in parts: one JSON.stringify a line, the checksum over one JSON of every name. */
const fileMadeWhole = (image: LogIndexImage): string => {
  const bytes = (a: Float64Array | Uint32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  let checksum = crc32(`${image.count}:${image.endOffset}`);
  for (const a of [image.offsets, image.idHashes, image.streams]) checksum = crc32(bytes(a), checksum);
  checksum = crc32(JSON.stringify(image.streamNames), checksum);
  const lines = [
    { format: LOG_INDEX_FORMAT, version: LOG_INDEX_VERSION, count: image.count, endOffset: image.endOffset, checksum },
    image.streamNames, Array.from(image.offsets), Array.from(image.idHashes), Array.from(image.streams),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
};

describe('embedded log: the persisted index file, written a part at a time', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'log-index-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('given images of a few records and of more than a part holds, when written, then the file is byte for byte the one written whole before (an index written by an earlier version still reads) and reads back as the image', async () => {
    for (const [count, names] of [[1, 1], [3, 2], [10_000, 10_000], [25_001, 12_345]]) {
      // given
      const image = imageOf(count, names);
      const path = join(dir, `events-${count}.log.index`);
      // when
      await writeLogIndex(path, image);
      // then
      const text = await readFile(path, 'utf8');
      expect(text === fileMadeWhole(image), `${count} records`).to.equal(true);
      const read = logIndexImageOf(text.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown));
      expect(read).to.deep.equal(image);
      expect(imageChecksum(image)).to.equal(JSON.parse(text.slice(0, text.indexOf('\n'))).checksum);
    }
  });

  it('given the index of a long log, when it is written, then other work gets its turns meanwhile: no turn the write takes is longer than a small part of the whole (it took one turn of 30-75 ms at 500,000 records)', async () => {
    // given
    const image = imageOf(500_000, 200_000);
    const turns = longestTurn();
    // when
    const started = performance.now();
    await writeLogIndex(join(dir, 'events.log.index'), image);
    const took = performance.now() - started;
    turns.stop();
    // then
    const longest = turns.longestMs;
    expect(longest, `longest turn ${longest.toFixed(1)} ms of ${took.toFixed(0)} ms`).to.be.below(took / 4);
  });
});
