import { expect } from 'chai';
import { copyFile, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { isRight } from 'fp-ts/Either';
import { EmbeddedEventStore } from '@support/adapters';
import { logDirPerTest } from './embedded-engine';
import { collect, ids, newEvents } from './events';
import { logIndexPath, logPath } from './log-file';

/** The log's index persisted beside it: used when it holds for the log, else the log is scanned whole, with the same events either way. */
describe('EmbeddedEventStore: the persisted log index', () => {
  let dir: string;
  logDirPerTest((d) => {
    dir = d;
  });

  const streams = ['ticket-a', 'ticket-b', 'customer-c'];
  /** Appends `count` events spread over three streams (some in batches of two) and closes cleanly. */
  const appendAndClose = async (count: number): Promise<void> => {
    const store = await EmbeddedEventStore.open({ dir });
    const events = newEvents(count);
    for (let i = 0; i < events.length; i += i % 3 === 0 ? 2 : 1) {
      const batch = events.slice(i, i % 3 === 0 ? i + 2 : i + 1);
      expect(isRight(await store.appendToStream(streams[i % 3], batch, { expectedRevision: 'any' }))).to.equal(true);
    }
    await store.close();
  };

  /** What a reader sees: every stream's event ids, the head, and where the next append lands; the folder is put back as it was after. */
  const contentAfterOpen = async () => {
    const log = await readFile(logPath(dir));
    const index = await readFile(logIndexPath(dir)).catch(() => null);
    const store = await EmbeddedEventStore.open({ dir });
    try {
      const content = {
        streams: await Promise.all(streams.map(async (s) => ids(await collect(store.readStream(s))))),
        all: ids(await collect(readAll(store))),
        head: await store.headPosition(),
      };
      const next = await store.appendToStream('ticket-a', newEvents(1), { expectedRevision: BigInt(content.streams[0].length - 1) });
      return { recovery: store.recovery, content, next: isRight(next) ? next.right.position : null };
    } finally {
      await store.close();
      await writeFile(logPath(dir), log);
      if (index === null) await rm(logIndexPath(dir), { force: true });
      else await writeFile(logIndexPath(dir), index);
    }
  };
  async function* readAll(store: EmbeddedEventStore) {
    const head = await store.headPosition();
    if (head === null) return;
    const subscription = store.subscribeToAll({ fromPosition: 'start' });
    try {
      for await (const event of subscription) {
        yield event;
        if (event.position.commit === head.commit) return;
      }
    } finally {
      await subscription.unsubscribe();
    }
  }
  /** The same log opened with no persisted index: a full scan. */
  const byFullScan = async () => {
    const index = await readFile(logIndexPath(dir));
    await rm(logIndexPath(dir));
    const scanned = await contentAfterOpen();
    await writeFile(logIndexPath(dir), index);
    expect(scanned.recovery.persistedIndex).to.deep.equal({ records: 0, unusedBecause: 'none' });
    return scanned;
  };

  it('given a log closed cleanly, when reopened, then its index comes from the file and reads, head and the next append are those of a full scan', async () => {
    await appendAndClose(30);
    const expected = await byFullScan();
    const opened = await contentAfterOpen();
    expect(opened.recovery.persistedIndex).to.deep.equal({ records: 30, unusedBecause: null });
    expect(opened.content).to.deep.equal(expected.content);
    expect(opened.next).to.deep.equal(expected.next);
  });

  it('given events appended after the index was written (a kill before the next), when reopened, then the tail after it is scanned and the log is read whole', async () => {
    await appendAndClose(12);
    const early = `${logIndexPath(dir)}.early`;
    await copyFile(logIndexPath(dir), early);
    await appendAndClose(9);
    await copyFile(early, logIndexPath(dir));
    const expected = await byFullScan();
    const opened = await contentAfterOpen();
    expect(opened.recovery.persistedIndex).to.deep.equal({ records: 12, unusedBecause: null });
    expect(opened.content.all).to.have.length(21);
    expect(opened.content).to.deep.equal(expected.content);
    expect(opened.next).to.deep.equal(expected.next);
  });

  it('given a damaged index file (a flipped byte, or cut short), when reopened, then it is not used and the events are those of a full scan', async () => {
    await appendAndClose(15);
    const expected = await byFullScan();
    const bytes = await readFile(logIndexPath(dir));
    bytes[Math.floor(bytes.length * 0.8)] ^= 0x01;
    await writeFile(logIndexPath(dir), bytes);
    const flipped = await contentAfterOpen();
    expect(flipped.recovery.persistedIndex.records).to.equal(0);
    expect(flipped.content).to.deep.equal(expected.content);

    await truncate(logIndexPath(dir), Math.floor((await stat(logIndexPath(dir))).size / 2));
    const cut = await contentAfterOpen();
    expect(cut.recovery.persistedIndex.records).to.equal(0);
    expect(cut.content).to.deep.equal(expected.content);
  });

  it('given the index of another log, or of a longer one, when opened, then it is not used and the events are those of a full scan', async () => {
    await appendAndClose(10);
    const other = `${dir}-other`;
    const otherStore = await EmbeddedEventStore.open({ dir: other });
    for (const s of streams) await otherStore.appendToStream(s, newEvents(6), { expectedRevision: 'any' });
    await otherStore.close();
    const expected = await byFullScan();

    await copyFile(logIndexPath(other), logIndexPath(dir));
    const foreign = await contentAfterOpen();
    expect(foreign.recovery.persistedIndex.records).to.equal(0);
    expect(foreign.content).to.deep.equal(expected.content);
    await rm(other, { recursive: true, force: true });
  });
});
