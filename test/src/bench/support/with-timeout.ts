/** The work's result, or a failure naming `what` once `timeoutMs` pass first. */
export const withTimeout = async <T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_r, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${(timeoutMs / 1000).toFixed(0)} s`)), timeoutMs)))]);
  } finally {
    clearTimeout(timer);
  }
};
