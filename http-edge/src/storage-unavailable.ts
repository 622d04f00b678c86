import { HttpProblem, problem } from './problem';

/**
 * Error codes that say the storage under an engine cannot take data now: the disk is full or
 * failing or read-only (Node's errno codes of the file engines; SQLite's result codes). The
 * engine is fine; a write may succeed once space or the disk is back.
 */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_CANTOPEN']);

export const isStorageUnavailable = (e: unknown): boolean => {
  const code = String((e as { code?: unknown })?.code ?? '');
  return STORAGE_CODES.has(code) || code.startsWith('SQLITE_IOERR');
};

/** Seconds a client should wait before it retries a write that met unavailable storage. */
const STORAGE_RETRY_AFTER_S = 5;

export const storageUnavailable = (): HttpProblem =>
  problem(
    503,
    'The service cannot store data right now (its storage is full or failing): retry shortly. Reads keep working.',
    { retryAfter: STORAGE_RETRY_AFTER_S },
    { 'Retry-After': String(STORAGE_RETRY_AFTER_S) },
  );

/**
 * Whether the storage takes writes, as the writes tell: a write that failed for lack of storage
 * marks it failing for STORAGE_RETRY_AFTER_S (what its 503 asked the client to wait). While it is
 * failing, `GET /health/ready` answers 503, so a balancer sends writes elsewhere; it recovers by
 * itself: the first write after the window tries the storage again, and reads never stop.
 */
export class StorageHealth {
  private lastFailureAt: number | null = null;

  constructor(private readonly windowMs = STORAGE_RETRY_AFTER_S * 1000, private readonly now: () => number = Date.now) {}

  failed(): void {
    this.lastFailureAt = this.now();
  }

  failing(): boolean {
    return this.lastFailureAt !== null && this.now() - this.lastFailureAt < this.windowMs;
  }
}
