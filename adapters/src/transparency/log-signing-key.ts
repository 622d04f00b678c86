import { createHash, createPrivateKey, KeyObject } from 'node:crypto';
import { loadOrCreateSigningKey } from '../blob-store/local/signing-key';

export const LOG_SIGNING_KEY_FILE = 'log-signing.key';

/** The DER (PKCS #8) of an Ed25519 private key up to its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The Ed25519 key that signs the log's checkpoints: its seed derived from LOG_SIGNING_KEY (at least
 * 32 characters) or from a secret generated once in DATA_DIR (log-signing.key), like the service's
 * other keys. Only the public half is ever shown (the verifier key); the secret is never logged.
 */
export const loadOrCreateLogSigningKey = async (dataDir: string, configured?: string): Promise<KeyObject> => {
  const secret = await loadOrCreateSigningKey(dataDir, configured, { file: LOG_SIGNING_KEY_FILE, variable: 'LOG_SIGNING_KEY' });
  const seed = createHash('sha256').update('support-service log checkpoint key\n').update(secret).digest();
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
};
