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
 * marks it failing, and while it is failing `GET /health/ready` answers 503, so a balancer sends
 * writes elsewhere. It recovers as soon as a write succeeds: each readiness check while failing
 * tries `probe` (a small write beside the data, where there is one), so ready answers 200 again at
 * the first check after space returns. Reads never stop, and writes are never refused for it: a
 * write always tries the storage.
 */
export class StorageHealth {
  private failingNow = false;

  /** `probe`: whether a small write to the storage succeeds now. */
  constructor(private readonly probe: () => boolean) {}

  failed(): void {
    this.failingNow = true;
  }

  failing(): boolean {
    if (this.failingNow && this.probe()) this.failingNow = false;
    return this.failingNow;
  }
}
