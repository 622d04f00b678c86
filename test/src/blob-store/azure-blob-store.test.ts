import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobServiceClient } from '@azure/storage-blob';
import { AzureBlobStore } from '@support/adapters/dist/distributed';
import { RunningAzurite, startAzurite } from '../support/azurite';
import { GatedProxy, startGatedProxy } from '../support/gated-tcp-proxy';

/** What only the Azure engine does: its container, and what its SAS URLs allow. */

describe('AzureBlobStore on Azurite', function () {
  this.timeout(30_000);
  let azurite: RunningAzurite;
  let containerName: string;

  before(async () => {
    azurite = await startAzurite();
  });

  after(async () => {
    await azurite?.stop();
  });

  beforeEach(() => {
    containerName = `azure-only-${randomUUID()}`;
  });

  const container = () => BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(containerName);

  it('given no container, when connecting twice, then it is created once and kept', async () => {
    await AzureBlobStore.connect({ connectionString: azurite.connectionString, containerName });
    const store = await AzureBlobStore.connect({ connectionString: azurite.connectionString, containerName });
    await store.put('a.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    expect(await container().exists()).to.equal(true);
    expect((await container().getBlobClient('a.txt').getProperties()).contentType).to.equal('text/plain');
  });

  it('given a signed URL, when someone tries to write or delete through it, then it is refused', async () => {
    const store = await AzureBlobStore.connect({ connectionString: azurite.connectionString, containerName });
    await store.put('exports/a.csv', Readable.from([Buffer.from('original')]), { contentType: 'text/csv' });
    const url = await store.signedReadUrl('exports/a.csv', { expiresAt: new Date(Date.now() + 60_000) });
    const write = await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'overwritten' });
    expect(write.status).to.equal(403);
    const remove = await fetch(url, { method: 'DELETE' });
    expect(remove.status).to.equal(403);
    expect(await (await fetch(url)).text()).to.equal('original');
  });

  it('given a connection string without an account key, when connecting, then it is refused before any request', async () => {
    const sasOnly = 'BlobEndpoint=http://127.0.0.1:9/devstoreaccount1;SharedAccessSignature=sv=2020-08-04&ss=b&srt=sco&sp=r&se=2099-01-01&sig=abc';
    const error = await AzureBlobStore.connect({ connectionString: sasOnly, containerName }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.include('AccountKey');
  });
});

describe('AzureBlobStore behind an address only the service reaches (issue 62: links from outside the compose network)', function () {
  this.timeout(30_000);
  let azurite: RunningAzurite;
  let inside: GatedProxy;

  before(async () => {
    azurite = await startAzurite();
    inside = await startGatedProxy(azurite.port);
  });

  after(async () => {
    await inside?.stop();
    await azurite?.stop();
  });

  it('given the store connected through an inside address and a public endpoint, when a download link is made, then it names the public endpoint and downloads with the inside address gone', async () => {
    // given: the store talks to Azurite through the proxy (the compose network's http://azurite:10000)
    const publicEndpoint = `http://127.0.0.1:${azurite.port}/devstoreaccount1`;
    const store = await AzureBlobStore.connect({ connectionString: azurite.connectionStringVia(inside.port), containerName: `public-${randomUUID()}`, publicEndpoint: `${publicEndpoint}/` });
    await store.put('exports/acme/j1/attempt-1.csv', Readable.from([Buffer.from('a,b\r\n1,2\r\n')]), { contentType: 'text/csv' });
    // when
    const url = await store.signedReadUrl('exports/acme/j1/attempt-1.csv', { expiresAt: new Date(Date.now() + 60_000), downloadFileName: 'tickets.csv' });
    await inside.stop();
    // then
    expect(url.startsWith(`${publicEndpoint}/public-`)).to.equal(true);
    expect(url).to.contain('/exports/acme/j1/attempt-1.csv?');
    const res = await fetch(url);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('a,b\r\n1,2\r\n');
    expect(res.headers.get('content-disposition')).to.contain('tickets.csv');
  });
});
