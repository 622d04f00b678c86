import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { longestTurn } from '../bench/support/longest-turn';
import { crc32 } from 'node:zlib';
import { LogIndex, LogIndexImage } from '@support/adapters/dist/event-store/embedded/log-index';
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

/** A file of version 1 (the arrays as JSON arrays of numbers, the checksum over the arrays' bytes and one JSON of the names). */
const fileOfVersion1 = (image: LogIndexImage): string => {
  const bytes = (a: Float64Array | Uint32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  let checksum = crc32(`${image.count}:${image.endOffset}`);
  for (const a of [image.offsets, image.idHashes, image.streams]) checksum = crc32(bytes(a), checksum);
  checksum = crc32(JSON.stringify(image.streamNames), checksum);
  const lines = [
    { format: LOG_INDEX_FORMAT, version: 1, count: image.count, endOffset: image.endOffset, checksum },
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

  it('given images of a few records and of more than a part holds, when written, then the file reads back as the image, its header names this version and holds the checksum of the lines after it', async () => {
    for (const [count, names] of [[1, 1], [3, 2], [10_000, 10_000], [25_001, 12_345], [12_288 * 2, 3]]) {
      // given
      const image = imageOf(count, names);
      const path = join(dir, `events-${count}.log.index`);
      // when
      await writeLogIndex(path, image);
      // then
      const file = await readFile(path);
      expect(logIndexImageOf(file), `${count} records`).to.deep.equal(image);
      const headerEnd = file.indexOf('\n');
      const header = JSON.parse(file.toString('utf8', 0, headerEnd));
      expect(header).to.deep.equal({ format: LOG_INDEX_FORMAT, version: LOG_INDEX_VERSION, count, endOffset: image.endOffset, checksum: crc32(file.subarray(headerEnd + 1)) });
      expect(imageChecksum(image)).to.equal(header.checksum);
      expect(file.toString('utf8').split('\n')).to.have.length(6);
    }
  });

  it('given a file of version 1 (arrays of numbers in JSON), when read, then it is not taken for an index (the log is scanned instead)', () => {
    // given
    const file = Buffer.from(fileOfVersion1(imageOf(100, 7)));
    // when
    const read = logIndexImageOf(file);
    // then
    expect(read).to.equal('not a log index of this version');
  });

  it('given a written index, when any byte after the header changes, a line is cut or added, or two streams bear one name, then the file is not taken for an index (or makes none)', async () => {
    // given
    const image = imageOf(5_000, 300);
    const path = join(dir, 'events.log.index');
    await writeLogIndex(path, image);
    const file = await readFile(path);
    const headerEnd = file.indexOf('\n');
    // when a byte changes (in the names, in each array, the last newline)
    for (const at of [headerEnd + 5, Math.floor(file.length * 0.4), Math.floor(file.length * 0.7), file.length - 3, file.length - 1]) {
      const changed = Buffer.from(file);
      changed[at] ^= 0x01;
      // then
      expect(logIndexImageOf(changed), `byte ${at}`).to.be.a('string');
    }
    // when cut short, or with a line more
    expect(logIndexImageOf(file.subarray(0, file.length - 1))).to.be.a('string');
    expect(logIndexImageOf(file.subarray(0, file.lastIndexOf('\n', file.length - 2) + 1))).to.be.a('string');
    expect(logIndexImageOf(Buffer.concat([file, Buffer.from('"AAAA"\n')]))).to.be.a('string');
    // when two streams bear one name (the checksum made for it), then the file reads but makes no index
    const twice = { ...image, streamNames: image.streamNames.map((n, i) => (i === 1 ? image.streamNames[0] : n)) };
    await writeLogIndex(path, twice);
    const read = logIndexImageOf(await readFile(path));
    expect(read).to.deep.equal(twice);
    expect(LogIndex.fromImage(read as LogIndexImage)).to.equal(null);
    expect(LogIndex.fromImage(image)).to.be.instanceOf(LogIndex);
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
