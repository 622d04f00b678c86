import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Either, isLeft, isRight } from 'fp-ts/Either';
import { LocalBlobStore, SignedRead, SignedReadQuery, SignedReadRefusal } from '@support/adapters';
import { failingHalfWay, readAll } from './bytes';
import { LocalEngine, makeLocalEngine } from './local-engine';

/** What only the local engine does: verify its own signed URLs for the gateway, keep blobs in files. */

describe('LocalBlobStore', () => {
  let local: LocalEngine;
  let store: LocalBlobStore;
  const now = new Date();
  const inAnHour = new Date(now.getTime() + 3_600_000);

  beforeEach(async () => {
    local = await makeLocalEngine();
    store = local.engine;
  });

  afterEach(async () => {
    await local.cleanup();
  });

  /** The key and query a gateway would hand over for a URL. */
  const requestOf = (url: string): { key: string | null; query: SignedReadQuery } => {
    const parsed = new URL(url);
    return {
      key: store.keyFromRequestPath(parsed.pathname),
      query: {
        expires: parsed.searchParams.get('expires') ?? undefined,
        signature: parsed.searchParams.get('signature') ?? undefined,
        filename: parsed.searchParams.get('filename') ?? undefined,
      },
    };
  };

  const refusalOf = (read: Either<SignedReadRefusal, SignedRead>): string => {
    if (isRight(read)) {
      read.right.stream.destroy();
      return 'granted';
    }
    return read.left.reason;
  };

  const putText = (key: string, text: string) => store.put(key, Readable.from([Buffer.from(text)]), { contentType: 'text/csv' });

  describe('signed read URLs', () => {
    it('given a signed URL, then it points at the download route with expiry, file name and signature', async () => {
      const url = new URL(await store.signedReadUrl('exports/acc-1/job-7.csv', { expiresAt: new Date(1_900_000_000_500), downloadFileName: 'Tickets Mai.csv' }));
      // One path segment, as the OpenAPI template /downloads/{key} describes it.
      expect(url.pathname).to.equal('/downloads/exports%2Facc-1%2Fjob-7.csv');
      expect(url.searchParams.get('expires')).to.equal('1900000000');
      expect(url.searchParams.get('filename')).to.equal('Tickets Mai.csv');
      expect(url.searchParams.get('signature')).to.match(/^[A-Za-z0-9_-]{43}$/);
    });

    it('given a valid signed URL, when opened, then it grants the stream, size, type and file name', async () => {
      await putText('exports/a.csv', 'id,name\n1,Ann\n');
      const { key, query } = requestOf(await store.signedReadUrl('exports/a.csv', { expiresAt: inAnHour, downloadFileName: 'a.csv' }));
      const read = await store.openSignedRead(key ?? '', query, now);
      if (isLeft(read)) throw new Error(`refused: ${read.left.reason}`);
      expect(read.right.sizeBytes).to.equal(14);
      expect(read.right.contentType).to.equal('text/csv');
      expect(read.right.downloadFileName).to.equal('a.csv');
      expect((await readAll(read.right.stream)).toString()).to.equal('id,name\n1,Ann\n');
    });

    it('given a signature with one character changed, when opened, then invalid_signature', async () => {
      await putText('a.csv', 'x');
      const { key, query } = requestOf(await store.signedReadUrl('a.csv', { expiresAt: inAnHour }));
      const signature = query.signature ?? '';
      const tampered = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, signature: tampered }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, signature: signature + 'A' }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, signature: '' }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, signature: undefined }, now))).to.equal('invalid_signature');
    });

    it('given the signature of one key, when used for another existing key, then invalid_signature', async () => {
      await putText('exports/mine.csv', 'mine');
      await putText('exports/theirs.csv', 'theirs');
      const { query } = requestOf(await store.signedReadUrl('exports/mine.csv', { expiresAt: inAnHour }));
      expect(refusalOf(await store.openSignedRead('exports/theirs.csv', query, now))).to.equal('invalid_signature');
    });

    it('given a signed URL, when its expiry or file name is changed, then invalid_signature', async () => {
      await putText('a.csv', 'x');
      const { key, query } = requestOf(await store.signedReadUrl('a.csv', { expiresAt: inAnHour, downloadFileName: 'a.csv' }));
      const later = String(Number(query.expires) + 86_400);
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, expires: later }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, expires: undefined }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, filename: 'other.exe' }, now))).to.equal('invalid_signature');
      expect(refusalOf(await store.openSignedRead(key ?? '', { ...query, filename: undefined }, now))).to.equal('invalid_signature');
    });

    it('given a URL signed with another signing key, when opened, then invalid_signature', async () => {
      await putText('a.csv', 'x');
      const other = await LocalBlobStore.open({ dir: local.dir, publicBaseUrl: 'http://127.0.0.1:1', signingKey: randomBytes(32) });
      const { key, query } = requestOf(await other.signedReadUrl('a.csv', { expiresAt: inAnHour }));
      expect(refusalOf(await store.openSignedRead(key ?? '', query, now))).to.equal('invalid_signature');
    });

    it('given a signed URL, when opened at or after its expiry, then expired', async () => {
      await putText('a.csv', 'x');
      const expiresAt = new Date(now.getTime() + 60_000);
      const { key, query } = requestOf(await store.signedReadUrl('a.csv', { expiresAt }));
      expect(refusalOf(await store.openSignedRead(key ?? '', query, new Date(expiresAt.getTime() - 1000)))).to.equal('granted');
      expect(refusalOf(await store.openSignedRead(key ?? '', query, expiresAt))).to.equal('expired');
      expect(refusalOf(await store.openSignedRead(key ?? '', query, new Date(expiresAt.getTime() + 3_600_000)))).to.equal('expired');
    });

    it('given a valid signed URL of a missing blob, when opened, then not_found', async () => {
      const { key, query } = requestOf(await store.signedReadUrl('exports/never.csv', { expiresAt: inAnHour }));
      expect(refusalOf(await store.openSignedRead(key ?? '', query, now))).to.equal('not_found');
    });

    it('given request paths, then only paths under the download route naming a valid key give a key', () => {
      expect(store.keyFromRequestPath('/downloads/exports/a.csv')).to.equal('exports/a.csv');
      expect(store.keyFromRequestPath('/downloads/exports%2Fa.csv')).to.equal('exports/a.csv');
      expect(store.keyFromRequestPath('/downloads/..%2F..%2Furl-signing.key')).to.equal(null);
      expect(store.keyFromRequestPath('/downloads/../secret')).to.equal(null);
      expect(store.keyFromRequestPath('/downloads/%E0%A4%A')).to.equal(null);
      expect(store.keyFromRequestPath('/downloads/')).to.equal(null);
      expect(store.keyFromRequestPath('/elsewhere/a.csv')).to.equal(null);
      expect(store.keyFromRequestPath('/downloadsX/a.csv')).to.equal(null);
    });

    it('given a download path and a base URL with a trailing slash, then URLs join them with single slashes', async () => {
      const custom = await LocalBlobStore.open({ dir: local.dir, publicBaseUrl: 'https://files.example/', signingKey: randomBytes(32), downloadPath: 'dl/' });
      expect(await custom.signedReadUrl('a.csv', { expiresAt: inAnHour })).to.match(/^https:\/\/files\.example\/dl\/a\.csv\?expires=\d+&signature=/);
      expect(custom.keyFromRequestPath('/dl/a.csv')).to.equal('a.csv');
    });
  });

  describe('files', () => {
    it('given blobs, when the store is opened again on its folder, then they are still there', async () => {
      await putText('exports/kept.csv', 'kept');
      const reopened = await LocalBlobStore.open({ dir: local.dir, publicBaseUrl: 'http://127.0.0.1:1', signingKey: randomBytes(32) });
      const stream = await reopened.get('exports/kept.csv');
      expect(stream === null ? null : (await readAll(stream)).toString()).to.equal('kept');
    });

    it('given a put that fails half way, then no upload file is left behind', async () => {
      await store.put('a.csv', failingHalfWay(randomBytes(64 * 1024)), { contentType: 'text/csv' }).catch(() => undefined);
      expect(await readdir(join(local.dir, 'tmp'))).to.deep.equal([]);
    });

    it('given keys that try to leave the folder, then nothing is written outside it', async () => {
      const parent = join(local.dir, 'parent');
      const confined = await LocalBlobStore.open({ dir: join(parent, 'store'), publicBaseUrl: 'http://127.0.0.1:1', signingKey: randomBytes(32) });
      for (const key of ['../escaped', '../../escaped', '../../../escaped', '/tmp/escaped', 'a/../../../escaped']) {
        await confined.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }).catch(() => undefined);
      }
      expect(await readdir(parent)).to.deep.equal(['store']);
      expect((await readdir(join(parent, 'store'))).sort()).to.deep.equal(['blobs', 'tmp']);
      expect(await readdir(join(parent, 'store', 'blobs'))).to.deep.equal([]);
    });

    it('given deleted blobs, then their emptied folders are removed too', async () => {
      await putText('exports/acc-9/job-1/a.csv', 'x');
      await store.delete('exports/acc-9/job-1/a.csv');
      expect(await readdir(join(local.dir, 'blobs'))).to.deep.equal([]);
    });

    it('given an upload file abandoned long ago and one in progress, when the store opens, then only the abandoned one is removed', async () => {
      const uploads = join(local.dir, 'tmp');
      await mkdir(uploads, { recursive: true });
      await writeFile(join(uploads, 'abandoned.tmp'), 'half');
      const yesterday = new Date(Date.now() - 86_400_000);
      await utimes(join(uploads, 'abandoned.tmp'), yesterday, yesterday);
      await writeFile(join(uploads, 'in-progress.tmp'), 'half');
      await LocalBlobStore.open({ dir: local.dir, publicBaseUrl: 'http://127.0.0.1:1', signingKey: randomBytes(32) });
      expect(await readdir(uploads)).to.deep.equal(['in-progress.tmp']);
    });
  });
});
