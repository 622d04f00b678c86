import { createCipheriv, createDecipheriv } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const TAG_BYTES = 16;
/**
 * The nonce of every seal. AES-GCM needs a (key, nonce) pair never to be used twice (NIST SP
 * 800-38D, 8.2); here a key seals one event only (each event takes a fresh key from the key store),
 * so one fixed nonce keeps every pair unique, and no random nonce is drawn or stored per event.
 */
const NONCE = Buffer.alloc(12);

/**
 * An event's personal values sealed under its own key: base64 of ciphertext ‖ tag, AES-256-GCM over
 * the JSON of the values, the event's id as associated data (a sealed text moved to another event
 * does not open). `key` must never have sealed anything before.
 */
export const sealValues = (key: Buffer, eventId: string, values: readonly unknown[]): string => {
  const cipher = createCipheriv(ALGORITHM, key, NONCE);
  cipher.setAAD(Buffer.from(eventId, 'utf8'));
  const body = cipher.update(JSON.stringify(values), 'utf8');
  return Buffer.concat([body, cipher.final(), cipher.getAuthTag()]).toString('base64');
};

/** The values of a sealed text, or null when this key does not open it (another key, or changed text). */
export const openValues = (key: Buffer, eventId: string, sealed: string): unknown[] | null => {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, NONCE);
    decipher.setAAD(Buffer.from(eventId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const values: unknown = JSON.parse(text);
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
};
