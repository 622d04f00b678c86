import { createHash } from 'node:crypto';

/** Opaque page cursor: the offset of the next page, bound to the query it continues. */
export const storeQueryDigest = (parts: readonly string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 16);

export const encodeStoreCursor = (offset: number, digest: string): string => Buffer.from(JSON.stringify({ o: offset, q: digest })).toString('base64url');

/** The offset, or null when the cursor is not one of ours or belongs to another query. */
export const decodeStoreCursor = (cursor: string, digest: string): number | null => {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; q?: unknown };
    return typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.q === digest ? parsed.o : null;
  } catch {
    return null;
  }
};
