/** MongoDB's error code for a write that breaks a unique index. */
export const DUPLICATE_KEY_CODE = 11000;

/**
 * A write broke a unique index: the embedded store's counterpart of MongoDB's E11000 error,
 * with the same `code`, `keyPattern` and `keyValue` fields. The message names the index and the
 * key's fields but not its values, which may be personal data.
 */
export class DuplicateKeyError extends Error {
  readonly code = DUPLICATE_KEY_CODE;

  constructor(
    readonly collection: string,
    readonly index: string,
    readonly keyPattern: Readonly<Record<string, 1 | -1>>,
    readonly keyValue: Readonly<Record<string, unknown>>,
  ) {
    const fields = Object.keys(keyPattern).map((field) => `${field}: ?`).join(', ');
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key: { ${fields} }`);
    this.name = 'DuplicateKeyError';
  }
}

/** True for a unique-index violation from either engine (code 11000, as MongoDB reports it). */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY_CODE;
}
