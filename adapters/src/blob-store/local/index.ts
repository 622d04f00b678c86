export { LocalBlobStore, type SignedRead, type SignedReadQuery, type SignedReadRefusal } from './local-blob-store';
export { loadOrCreateSigningKey, SIGNING_KEY_FILE, WEBHOOK_SIGNING_KEY_FILE } from './signing-key';
export { downloadRoutes } from './download-routes';
