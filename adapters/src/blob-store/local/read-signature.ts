import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 (base64url) over what a signed read URL grants: the key, the expiry in unix seconds and
 * the download file name. The fields are joined by newlines, which none of them but the last can hold,
 * behind a purpose label so the key signs nothing else by accident.
 */

const PURPOSE = 'blob-read-v1';

interface ReadGrant {
  readonly key: string;
  readonly expiresUnixSeconds: number;
  readonly downloadFileName?: string;
}

export function signReadGrant(signingKey: Buffer, grant: ReadGrant): string {
  return createHmac('sha256', signingKey)
    .update([PURPOSE, grant.key, String(grant.expiresUnixSeconds), grant.downloadFileName ?? ''].join('\n'))
    .digest('base64url');
}

/** Constant-time comparison of the signature a URL carries with the one the grant deserves. */
export function isSignatureOf(signingKey: Buffer, grant: ReadGrant, signature: string): boolean {
  const expected = Buffer.from(signReadGrant(signingKey, grant), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
