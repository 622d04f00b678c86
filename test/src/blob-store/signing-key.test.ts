import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKey } from '@support/adapters';

describe('loadOrCreateSigningKey', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'signing-key-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given an empty DATA_DIR, when loaded, then a 32-byte key is generated and kept in a private file', async () => {
    const key = await loadOrCreateSigningKey(dataDir);
    expect(key.length).to.equal(32);
    const file = join(dataDir, 'url-signing.key');
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url').equals(key)).to.equal(true);
  });

  it('given a key generated before, when loaded again, then it is the same key', async () => {
    const first = await loadOrCreateSigningKey(dataDir);
    const second = await loadOrCreateSigningKey(dataDir);
    expect(second.equals(first)).to.equal(true);
  });

  it('given a DATA_DIR that does not exist yet, when loaded, then it is created with the key', async () => {
    const nested = join(dataDir, 'not', 'yet');
    const key = await loadOrCreateSigningKey(nested);
    expect((await loadOrCreateSigningKey(nested)).equals(key)).to.equal(true);
  });

  it('given two DATA_DIRs, then their keys differ', async () => {
    const one = await loadOrCreateSigningKey(join(dataDir, 'one'));
    const two = await loadOrCreateSigningKey(join(dataDir, 'two'));
    expect(one.equals(two)).to.equal(false);
  });

  it('given processes starting at once, when they load concurrently, then all get the one key that was kept', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateSigningKey(dataDir)));
    const kept = await loadOrCreateSigningKey(dataDir);
    for (const key of keys) expect(key.equals(kept)).to.equal(true);
  });

  it('given URL_SIGNING_KEY, when loaded, then it is the key and no file is written', async () => {
    const configured = 'a-configured-signing-key-of-40-characters';
    const key = await loadOrCreateSigningKey(dataDir, configured);
    expect(key.toString('utf8')).to.equal(configured);
    const written = await stat(join(dataDir, 'url-signing.key')).then(
      () => true,
      () => false,
    );
    expect(written).to.equal(false);
  });

  it('given an empty URL_SIGNING_KEY, when loaded, then the kept key is used', async () => {
    const kept = await loadOrCreateSigningKey(dataDir);
    expect((await loadOrCreateSigningKey(dataDir, '')).equals(kept)).to.equal(true);
  });

  it('given a short URL_SIGNING_KEY, when loaded, then it is refused', async () => {
    const error = await loadOrCreateSigningKey(dataDir, 'too-short').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.include('at least 32').and.not.to.include('too-short');
  });

  it('given a key file that holds no key, when loaded, then it is refused rather than replaced', async () => {
    await writeFile(join(dataDir, 'url-signing.key'), 'oops\n');
    const error = await loadOrCreateSigningKey(dataDir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(Error);
    expect(await readFile(join(dataDir, 'url-signing.key'), 'utf8')).to.equal('oops\n');
  });
});
