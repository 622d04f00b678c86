import { expect } from 'chai';
import { appendFile, open, readFile, rm, stat, truncate } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { isRight } from 'fp-ts/Either';
import { EventData } from '@support/domain';
import { EmbeddedEventStore } from '@support/adapters';
import { logDirPerTest } from './embedded-engine';
import { collect, ids, newEvent, newEvents } from './events';
import { frames, logIndexPath, logPath } from './log-file';

describe('EmbeddedEventStore recovery', () => {
  let dir: string;
  logDirPerTest((d) => {
    dir = d;
  });

  /** Appends each batch to `stream` (one append per batch) and closes the store. */
  async function writeAndClose(stream: string, batches: readonly (readonly EventData[])[], maxAppendBytes?: number): Promise<void> {
    const store = await EmbeddedEventStore.open({ dir, maxAppendBytes });
    for (const batch of batches) {
      const result = await store.appendToStream(stream, batch, { expectedRevision: 'any' });
      expect(isRight(result)).to.equal(true);
    }
    await store.close();
  }

  /** Reopens, checks the stream holds exactly `expected`, that an append goes on at the next revision, and closes. */
  async function expectAfterReopen(stream: string, expected: readonly EventData[], truncated: boolean): Promise<void> {
    const sizeBefore = (await stat(logPath(dir))).size;
    const store = await EmbeddedEventStore.open({ dir });
    try {
      expect(store.recovery.truncatedBytes > 0, `truncated (reason: ${store.recovery.reason})`).to.equal(truncated);
      expect((await stat(logPath(dir))).size).to.equal(sizeBefore - store.recovery.truncatedBytes);
      expect(ids(await collect(store.readStream(stream)))).to.deep.equal(ids(expected));
      expect(await store.headPosition()).to.deep.equal(
        expected.length === 0 ? null : { commit: BigInt(expected.length - 1), prepare: BigInt(expected.length - 1) },
      );
      const next = newEvent();
      const result = await store.appendToStream(stream, [next], { expectedRevision: expected.length === 0 ? 'no_stream' : BigInt(expected.length - 1) });
      expect(isRight(result) && result.right.position.commit).to.equal(BigInt(expected.length));
      expect(ids(await collect(store.readStream(stream)))).to.deep.equal([...ids(expected), next.id]);
    } finally {
      await store.close();
    }
  }

  it('given a clean log, when reopened, then nothing is cut and every event is there', async () => {
    const events = newEvents(4);
    await writeAndClose('ticket-1', [events.slice(0, 1), events.slice(1)]);
    await expectAfterReopen('ticket-1', events, false);
  });

  it('given garbage written after the last record, when reopened, then it is cut away and the acknowledged events stay', async () => {
    const events = newEvents(3);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    await appendFile(logPath(dir), Buffer.from('\x07\x00\x00\x00garbage that is no record'));
    await expectAfterReopen('ticket-1', events, true);
  });

  it('given a log cut in the middle of its last record, when reopened, then that append is gone and the earlier ones stay', async () => {
    const events = newEvents(3);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    const last = (await frames(dir))[2];
    await truncate(logPath(dir), last.offset + Math.floor(last.size / 2));
    await expectAfterReopen('ticket-1', events.slice(0, 2), true);
  });

  it('given a log cut inside a record header, when reopened, then the partial record is cut away', async () => {
    const events = newEvents(2);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    const last = (await frames(dir))[1];
    await truncate(logPath(dir), last.offset + 3);
    await expectAfterReopen('ticket-1', events.slice(0, 1), true);
  });

  it('given a flipped byte in the payload of the last record, when reopened, then its checksum fails and that append is cut away', async () => {
    const events = newEvents(3);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    const last = (await frames(dir))[2];
    await flipByte(last.offset + last.size - 5);
    await expectAfterReopen('ticket-1', events.slice(0, 2), true);
  });

  it('given a damaged length in the last record header, when reopened, then the checksum catches it and that append is cut away', async () => {
    const events = newEvents(2);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    const last = (await frames(dir))[1];
    await flipByte(last.offset);
    await expectAfterReopen('ticket-1', events.slice(0, 1), true);
  });

  it('given a record with a valid checksum but a payload that is no JSON, when reopened, then it is cut away', async () => {
    const events = newEvents(2);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    await appendFile(logPath(dir), frameOf(Buffer.from('{"position":"2", not json')));
    await expectAfterReopen('ticket-1', events, true);
  });

  it('given a zero-filled tail (blocks allocated but never written), when reopened, then it is cut away', async () => {
    const events = newEvents(2);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    await appendFile(logPath(dir), Buffer.alloc(4096));
    await expectAfterReopen('ticket-1', events, true);
  });

  it('given a multi-event append that reached the disk only in part, when reopened, then the whole append is gone', async () => {
    const first = newEvents(2);
    const batch = newEvents(3);
    await writeAndClose('ticket-1', [first, batch]);
    const records = await frames(dir);
    await truncate(logPath(dir), records[3].offset + records[3].size);
    await expectAfterReopen('ticket-1', first, true);
  });

  it('given a log damaged in the middle with more after it than one write can leave unsynced (and no persisted index), when opened, then it refuses rather than cutting acknowledged events', async () => {
    const maxAppendBytes = 16 * 1024;
    const events = newEvents(200);
    await writeAndClose('ticket-1', events.map((e) => [e]), maxAppendBytes);
    await rm(logIndexPath(dir));
    await flipByte((await frames(dir))[10].offset + 12);
    const sizeBefore = (await stat(logPath(dir))).size;
    let failure: unknown;
    await EmbeddedEventStore.open({ dir, maxAppendBytes }).then((store) => store.close(), (error: unknown) => (failure = error));
    expect(String(failure)).to.match(/damaged at byte \d+ \(checksum mismatch\)/);
    expect((await stat(logPath(dir))).size).to.equal(sizeBefore);
    let again: unknown;
    await EmbeddedEventStore.open({ dir, maxAppendBytes }).then((store) => store.close(), (error: unknown) => (again = error));
    expect(String(again), 'the same answer again: the folder lock was released').to.match(/damaged at byte/);
    expect((await stat(logPath(dir))).size).to.equal(sizeBefore);
  });

  it('given a torn tail cut once, when reopened again, then the log is clean', async () => {
    const events = newEvents(2);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    await appendFile(logPath(dir), Buffer.from('torn'));
    await (await EmbeddedEventStore.open({ dir })).close();
    const store = await EmbeddedEventStore.open({ dir });
    expect(store.recovery).to.deep.equal({ events: 2, truncatedBytes: 0, reason: null, persistedIndex: { records: 2, unusedBecause: null } });
    await store.close();
  });

  it('given a log damaged in the middle that its persisted index covers, when opened, then it opens (the index is not rebuilt by a scan) and reading the damaged record fails rather than answering', async () => {
    const events = newEvents(20);
    await writeAndClose('ticket-1', events.map((e) => [e]));
    await flipByte((await frames(dir))[10].offset + 12);
    const store = await EmbeddedEventStore.open({ dir });
    try {
      expect(store.recovery.persistedIndex).to.deep.equal({ records: 20, unusedBecause: null });
      const failure = await collect(store.readStream('ticket-1')).then(() => null, (e: Error) => e);
      expect(String(failure)).to.match(/damaged at position 10/);
    } finally {
      await store.close();
    }
  });

  async function flipByte(offset: number): Promise<void> {
    const bytes = await readFile(logPath(dir));
    const handle = await open(logPath(dir), 'r+');
    await handle.write(Buffer.from([bytes[offset] ^ 0xff]), 0, 1, offset);
    await handle.close();
  }
});

/** A frame as the log writes it (u32 length, u32 CRC-32 of the payload), around any payload. */
function frameOf(payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}
