export { AzureBlobStore, type AzureBlobStoreOptions } from './azure-blob-store';
