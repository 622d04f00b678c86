import type { IncomingMessage } from 'node:http';

/** Bytes of a refused body read and dropped so that the connection can carry the next request. */
const MAX_DRAIN_BYTES = 4 * 1024 * 1024;
const MAX_DRAIN_MS = 2_000;

/**
 * After a body was refused part way (a bad compressed stream, a parse error, over the limit), the
 * rest of it may still be on the connection. It is read and dropped, up to a bound, so that the
 * client reads the answer and can send its next request on the same connection. Resolves false
 * when the rest was too long or too slow: then the answer should close the connection.
 */
export const drainRequest = (req: IncomingMessage): Promise<boolean> => {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve(!req.destroyed || req.complete);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (!drained) req.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), MAX_DRAIN_MS);
    req.unpipe();
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.resume();
  });
};
