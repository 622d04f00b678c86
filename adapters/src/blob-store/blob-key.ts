/**
 * Blob keys are `/`-separated segments of [A-Za-z0-9._-], like `exports/acc-1/job-7.csv`.
 * Every engine accepts the same keys, so a key that works on local files works on Azure and back,
 * and a key can never step out of the local blob folder (no `..`, no absolute path, no backslash).
 */

const SEGMENT = /^[A-Za-z0-9._-]+$/;
/** Azure's limit on blob names. */
const MAX_KEY_LENGTH = 1024;

export class InvalidBlobKeyError extends Error {
  constructor(readonly reason: string) {
    super(`invalid blob key: ${reason}`);
    this.name = 'InvalidBlobKeyError';
  }
}

/** Answers why the key is not valid, or null when it is. */
export function blobKeyProblem(key: string): string | null {
  if (key.length === 0) return 'empty';
  if (key.length > MAX_KEY_LENGTH) return `longer than ${MAX_KEY_LENGTH} characters`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment (leading, trailing or double slash)';
    if (segment === '.' || segment === '..') return 'relative segment';
    if (!SEGMENT.test(segment)) return 'segment with a character outside [A-Za-z0-9._-]';
  }
  return null;
}

export function isValidBlobKey(key: string): boolean {
  return blobKeyProblem(key) === null;
}

/** Throws InvalidBlobKeyError unless the key is valid; answers its segments. */
export function blobKeySegments(key: string): readonly string[] {
  const problem = blobKeyProblem(key);
  if (problem !== null) throw new InvalidBlobKeyError(problem);
  return key.split('/');
}
