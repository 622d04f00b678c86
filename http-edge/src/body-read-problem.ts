import { HttpProblem, problem } from './problem';

/** Content-Encoding values the body reader can undo. */
export const ACCEPTED_ENCODINGS: readonly string[] = ['identity', 'gzip', 'deflate', 'br'];

export const unsupportedEncoding = (encoding: string): HttpProblem =>
  problem(415, `Content-Encoding "${encoding.slice(0, 40)}" is not supported: send the body uncompressed, or compressed with one of gzip, deflate, br`);

const bodyTooLarge = (limit: string): HttpProblem =>
  problem(413, `Request body is too large: send at most ${limit} of JSON (counted after decompression)`);

const MALFORMED_JSON_MESSAGE = 'Malformed JSON body: send a valid JSON document with Content-Type application/json';

interface ReadError {
  readonly type?: unknown;
  readonly status?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly name?: unknown;
}

/**
 * What went wrong while reading and parsing a request body, as the client's problem to fix.
 * Errors come from raw-body (with a `type`), zlib (a bad or truncated compressed body), and the
 * JSON parser. Anything else is not a client's doing
 * and is left to the error handler (a 500).
 */
export const bodyReadProblem = (error: unknown, encoding: string, limit: string): HttpProblem | null => {
  const e = (error ?? {}) as ReadError;
  const message = String(e.message ?? '');
  switch (e.type) {
    case 'entity.too.large':
      return bodyTooLarge(limit);
    case 'encoding.unsupported':
      return problem(415, 'Unsupported charset: send the JSON body as UTF-8');
    case 'request.aborted':
      return problem(400, 'The request body ended before its declared length: send the whole body');
    case 'request.size.invalid':
      return problem(400, 'The request body is not as long as its Content-Length header says: send the whole body');
    default:
      break;
  }
  if (e.status === 415 && /Content-Encoding/i.test(message)) return unsupportedEncoding(encoding);
  if (e.name === 'SyntaxError' || e.type === 'entity.parse.failed') return problem(400, MALFORMED_JSON_MESSAGE);
  if (encoding !== 'identity' && typeof e.code === 'string' && e.type === undefined) {
    return problem(400, `The body is not valid ${encoding} data, as its Content-Encoding header says: compress it with ${encoding}, or send it uncompressed without Content-Encoding`);
  }
  return null;
};
