import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * An event's personal values sealed under its key: base64 of IV ‖ ciphertext ‖ tag, AES-256-GCM over
 * the JSON of the values, the event's id as associated data (a sealed text moved to another event
 * does not open).
 */
export const sealValues = (key: Buffer, eventId: string, values: readonly unknown[]): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(eventId, 'utf8'));
  const body = cipher.update(JSON.stringify(values), 'utf8');
  return Buffer.concat([iv, body, cipher.final(), cipher.getAuthTag()]).toString('base64');
};

/** The values of a sealed text, or null when this key does not open it (another key, or changed text). */
export const openValues = (key: Buffer, eventId: string, sealed: string): unknown[] | null => {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(eventId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const values: unknown = JSON.parse(text);
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
};
