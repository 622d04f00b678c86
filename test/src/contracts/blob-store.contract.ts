import { expect } from 'chai';
import { Readable } from 'node:stream';
import { BlobStore } from '@support/domain';
import { InvalidBlobKeyError } from '@support/adapters';
import { asciiBlob, chunked, failingHalfWay, randomBlob, readAll, sha256 } from '../blob-store/bytes';

interface BlobStoreUnderTest {
  readonly engine: BlobStore;
  cleanup(): Promise<void>;
}

const MiB = 1024 * 1024;
const CSV = 'text/csv; charset=utf-8';

/** The BlobStore port's behaviour, written once and run over every engine. */
export function blobStoreContract(engineName: string, makeEngine: () => Promise<BlobStoreUnderTest>): void {
  describe(`BlobStore contract: ${engineName}`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      const made = await makeEngine();
      store = made.engine;
      cleanup = () => made.cleanup();
    });

    afterEach(async () => {
      await cleanup();
    });

    const getBytes = async (key: string): Promise<Buffer | null> => {
      const stream = await store.get(key);
      return stream === null ? null : readAll(stream);
    };

    describe('put and get', () => {
      it('given a Readable of a few MB, when put and got back, then the bytes and size are the same', async () => {
        const bytes = randomBlob(3 * MiB + 17);
        const info = await store.put('exports/acc-1/big.bin', Readable.from(splitInto(bytes, 64 * 1024)), { contentType: 'application/octet-stream' });
        expect(info.key).to.equal('exports/acc-1/big.bin');
        expect(info.sizeBytes).to.equal(bytes.length);
        expect(info.createdAt).to.be.instanceOf(Date);
        const back = await getBytes('exports/acc-1/big.bin');
        expect(back?.length).to.equal(bytes.length);
        expect(sha256(back ?? Buffer.alloc(0))).to.equal(sha256(bytes));
      });

      it('given an async generator of Buffers and strings, when put, then the blob is their concatenation', async () => {
        const bytes = asciiBlob(2 * MiB + 5);
        const info = await store.put('exports/acc-1/rows.csv', chunked(bytes, 100 * 1024), { contentType: CSV });
        expect(info.sizeBytes).to.equal(bytes.length);
        const back = await getBytes('exports/acc-1/rows.csv');
        expect(sha256(back ?? Buffer.alloc(0))).to.equal(sha256(bytes));
      });

      it('given an empty body, when put, then an empty blob exists', async () => {
        const info = await store.put('empty.txt', Readable.from([]), { contentType: 'text/plain' });
        expect(info.sizeBytes).to.equal(0);
        expect(await getBytes('empty.txt')).to.deep.equal(Buffer.alloc(0));
      });

      it('given no blob under a key, when got, then null', async () => {
        expect(await store.get('exports/nothing-here.csv')).to.equal(null);
      });

      it('given a blob, when put again under its key, then the new bytes replace it', async () => {
        await store.put('report.csv', Readable.from([Buffer.from('first version, rather long')]), { contentType: CSV });
        const info = await store.put('report.csv', Readable.from([Buffer.from('second')]), { contentType: CSV });
        expect(info.sizeBytes).to.equal(6);
        expect((await getBytes('report.csv'))?.toString()).to.equal('second');
      });

      it('given blobs under `a` and `a/b`, when got, then each has its own bytes', async () => {
        await store.put('a', Readable.from([Buffer.from('outer')]), { contentType: 'text/plain' });
        await store.put('a/b', Readable.from([Buffer.from('inner')]), { contentType: 'text/plain' });
        expect((await getBytes('a'))?.toString()).to.equal('outer');
        expect((await getBytes('a/b'))?.toString()).to.equal('inner');
      });

      it('given a blob, when a put of the same key fails half way, then the old blob is still there whole', async () => {
        const old = randomBlob(256 * 1024);
        await store.put('exports/job.csv', Readable.from([old]), { contentType: CSV });
        const failed = await store.put('exports/job.csv', failingHalfWay(randomBlob(512 * 1024)), { contentType: CSV }).then(
          () => false,
          () => true,
        );
        expect(failed).to.equal(true);
        expect(sha256((await getBytes('exports/job.csv')) ?? Buffer.alloc(0))).to.equal(sha256(old));
      });

      it('given no blob, when a put fails half way, then no blob appears under the key', async () => {
        const failed = await store.put('exports/cut.csv', failingHalfWay(randomBlob(512 * 1024)), { contentType: CSV }).then(
          () => false,
          () => true,
        );
        expect(failed).to.equal(true);
        expect(await store.get('exports/cut.csv')).to.equal(null);
      });
    });

    describe('aborted upload', () => {
      it('given a put whose body stops moving, when its signal aborts, then the put rejects at once and no blob appears under the key', async () => {
        // given a body that gives one chunk and then never another
        let release = (): void => undefined;
        const stalled = (async function* () {
          yield randomBlob(64 * 1024);
          await new Promise<void>((resolve) => (release = resolve));
        })();
        const controller = new AbortController();
        const putting = store.put('exports/stalled.csv', stalled, { contentType: CSV, signal: controller.signal });
        // when the signal aborts
        setTimeout(() => controller.abort(new Error('stalled')), 100);
        const started = Date.now();
        const failed = await putting.then(() => false, () => true);
        release();
        // then
        expect(failed).to.equal(true);
        expect(Date.now() - started).to.be.below(2_000);
        expect(await store.get('exports/stalled.csv')).to.equal(null);
      });
    });

    describe('delete', () => {
      it('given a blob, when deleted, then get answers null', async () => {
        await store.put('exports/gone.csv', Readable.from([Buffer.from('a,b\n')]), { contentType: CSV });
        await store.delete('exports/gone.csv');
        expect(await store.get('exports/gone.csv')).to.equal(null);
      });

      it('given no blob, when deleted, then it resolves', async () => {
        await store.delete('exports/never-was.csv');
        await store.delete('exports/never-was.csv');
        expect(await store.get('exports/never-was.csv')).to.equal(null);
      });
    });

    describe('keys', () => {
      for (const key of ['../outside', 'a/../../outside', '/absolute/path', 'a\\b', 'a//b', 'trailing/', '', '.', 'sp ace', 'a/./b']) {
        it(`given the key ${JSON.stringify(key)}, when put, got, deleted or signed, then it is refused`, async () => {
          await expectInvalidKey(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }));
          await expectInvalidKey(store.get(key));
          await expectInvalidKey(store.delete(key));
          await expectInvalidKey(store.signedReadUrl(key, { expiresAt: new Date(Date.now() + 60_000) }));
        });
      }
    });

    describe('signed read URL', () => {
      it('given a blob, when its signed URL is fetched before expiry, then it answers the bytes, type and file name', async () => {
        const bytes = asciiBlob(1 * MiB + 3);
        await store.put('exports/acc-1/tickets.csv', Readable.from([bytes]), { contentType: CSV });
        const url = await store.signedReadUrl('exports/acc-1/tickets.csv', {
          expiresAt: new Date(Date.now() + 5 * 60_000),
          downloadFileName: 'tickets 2024-05.csv',
        });
        expect(url).to.match(/^https?:\/\//);
        const response = await fetch(url);
        expect(response.status).to.equal(200);
        expect(response.headers.get('content-type')).to.equal(CSV);
        expect(response.headers.get('content-disposition')).to.match(/^attachment;/).and.to.include('tickets%202024-05.csv');
        const back = Buffer.from(await response.arrayBuffer());
        expect(sha256(back)).to.equal(sha256(bytes));
      });

      it('given a blob, when a signed URL without a file name is fetched, then it answers the bytes', async () => {
        await store.put('plain.txt', Readable.from([Buffer.from('hello')]), { contentType: 'text/plain' });
        const response = await fetch(await store.signedReadUrl('plain.txt', { expiresAt: new Date(Date.now() + 60_000) }));
        expect(response.status).to.equal(200);
        expect(await response.text()).to.equal('hello');
      });

      it('given a signed URL that expired, when fetched, then it is refused', async () => {
        await store.put('old.txt', Readable.from([Buffer.from('secret rows')]), { contentType: 'text/plain' });
        const response = await fetch(await store.signedReadUrl('old.txt', { expiresAt: new Date(Date.now() - 60_000) }));
        expect(response.status).to.be.within(400, 499);
        expect(await response.text()).not.to.include('secret rows');
      });

      it('given a signed URL of a deleted blob, when fetched, then 404', async () => {
        await store.put('deleted.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
        const url = await store.signedReadUrl('deleted.txt', { expiresAt: new Date(Date.now() + 60_000) });
        await store.delete('deleted.txt');
        expect((await fetch(url)).status).to.equal(404);
      });
    });

    describe('retention', () => {
      it('given blobs put before and after a cutoff, when deleting those created before, then only the old ones go (a rewritten one counts as new)', async () => {
        const first = await store.put('exports/acc-1/old-1.csv', Readable.from([Buffer.from('old 1')]), { contentType: CSV });
        const second = await store.put('exports/acc-2/old-2.csv', Readable.from([Buffer.from('old 2')]), { contentType: CSV });
        const third = await store.put('exports/acc-2/rewritten.csv', Readable.from([Buffer.from('first')]), { contentType: CSV });
        // Some engines keep creation times to the second: cut at the next whole second after the old blobs.
        const newest = Math.max(first.createdAt.getTime(), second.createdAt.getTime(), third.createdAt.getTime());
        const cutoff = new Date((Math.floor(newest / 1000) + 1) * 1000);
        // A few ms past it: a timer may fire a millisecond early by the wall clock the store stamps with.
        await sleepUntil(new Date(cutoff.getTime() + 5));
        const fresh = await store.put('exports/acc-1/new.csv', Readable.from([Buffer.from('new')]), { contentType: CSV });
        const rewritten = await store.put('exports/acc-2/rewritten.csv', Readable.from([Buffer.from('second')]), { contentType: CSV });
        expect(fresh.createdAt.getTime()).to.be.at.least(cutoff.getTime());
        expect(rewritten.createdAt.getTime()).to.be.at.least(cutoff.getTime());

        const deleted = await store.deleteCreatedBefore(cutoff);

        expect(deleted).to.equal(2);
        expect(await store.get('exports/acc-1/old-1.csv')).to.equal(null);
        expect(await store.get('exports/acc-2/old-2.csv')).to.equal(null);
        expect((await getBytes('exports/acc-1/new.csv'))?.toString()).to.equal('new');
        expect((await getBytes('exports/acc-2/rewritten.csv'))?.toString()).to.equal('second');
        expect(await store.deleteCreatedBefore(cutoff)).to.equal(0);
      });
    });
  });
}

function splitInto(bytes: Buffer, chunkBytes: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) chunks.push(bytes.subarray(offset, offset + chunkBytes));
  return chunks;
}

async function expectInvalidKey(operation: Promise<unknown>): Promise<void> {
  const outcome = await operation.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).to.be.instanceOf(InvalidBlobKeyError);
}

async function sleepUntil(moment: Date): Promise<void> {
  // A few ms past the moment, so that clocks rounding to the millisecond are past it too.
  const wait = moment.getTime() - Date.now() + 5;
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
}
