/**
 * An upload's outcome, or its rejection as soon as `signal` aborts, the source then destroyed. An
 * upload does not always settle by itself on abort: Azure's uploadStream leaves its promise
 * pending when a block request it passed the signal to is aborted, and a stream pipeline waits for
 * an async generator source that is awaiting something of its own.
 */
export const settledOrAborted = async <T>(upload: Promise<T>, source: { destroy(): void }, signal: AbortSignal | undefined): Promise<T> => {
  if (signal === undefined) return upload;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      source.destroy();
      reject(signal.reason instanceof Error ? signal.reason : new Error('the upload was aborted'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  upload.catch(() => undefined); // settles after the abort: nobody waits for it then
  try {
    return await Promise.race([upload, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
};
