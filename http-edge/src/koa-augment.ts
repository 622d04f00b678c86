/**
 * The JSON body middleware (json-body.ts) puts the parsed body on ctx.request.body and, on the paths
 * that keep it, the text as it came on ctx.request.rawBody.
 */
declare module 'koa' {
  interface Request {
    body?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of any shape, decoded by each route's codec
    rawBody?: string;
  }
}

export {};
