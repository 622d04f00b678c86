import { randomUUID } from 'node:crypto';
import { BlobServiceClient } from '@azure/storage-blob';
import { AzureBlobStore } from '@support/adapters/dist/distributed';
import { makeLocalEngine } from '../blob-store/local-engine';
import { RunningAzurite, startAzurite } from '../support/azurite';
import { blobStoreContract } from './blob-store.contract';

blobStoreContract('LocalBlobStore', makeLocalEngine);

describe('on Azurite', function () {
  this.timeout(30_000);
  let azurite: RunningAzurite | undefined;

  before(async () => {
    azurite = await startAzurite();
  });

  after(async () => {
    await azurite?.stop();
  });

  blobStoreContract('AzureBlobStore', async () => {
    if (azurite === undefined) throw new Error('Azurite is not running');
    const { connectionString } = azurite;
    const containerName = `blobs-${randomUUID()}`;
    const engine = await AzureBlobStore.connect({ connectionString, containerName });
    return {
      engine,
      cleanup: async () => {
        await BlobServiceClient.fromConnectionString(connectionString).getContainerClient(containerName).deleteIfExists();
      },
    };
  });
});
