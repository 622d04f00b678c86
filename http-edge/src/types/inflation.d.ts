/** inflation 2.x (koa-body's own decompression, through co-body): the request stream, decompressed as its Content-Encoding says. */
declare module 'inflation' {
  import type { Readable } from 'node:stream';
  function inflate(stream: Readable & { headers?: Record<string, unknown> }, options?: { encoding?: string }): Readable;
  export = inflate;
}
