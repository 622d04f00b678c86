import { inspectBody } from './body-inspection';
import { bodyProblem } from './body-problem';
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
  /** The raw text, kept by the JSON parser on a parse error. */
  readonly body?: unknown;
}

/**
 * The parser refuses "__proto__" keys without saying where; the text it refused is parsed again
 * (plain JSON.parse makes "__proto__" an ordinary key) so that the answer names the places.
 */
const prototypeKeyProblem = (text: unknown): HttpProblem => {
  try {
    const named = typeof text === 'string' ? bodyProblem(inspectBody(JSON.parse(text))) : null;
    if (named) return named;
  } catch {
    // fall through to the general message
  }
  return problem(400, 'The keys "__proto__", "constructor" and "prototype" are never accepted: remove every "__proto__" key from the body');
};

/**
 * What went wrong while reading and parsing a request body, as the client's problem to fix.
 * Errors come from raw-body (with a `type`), zlib (a bad or truncated compressed body), and the
 * JSON parser (including its refusal of "__proto__" keys). Anything else is not a client's doing
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
  if (/forbidden prototype property/.test(message)) return prototypeKeyProblem(e.body);
  if (e.status === 415 && /Content-Encoding/i.test(message)) return unsupportedEncoding(encoding);
  if (e.name === 'SyntaxError' || e.type === 'entity.parse.failed') return problem(400, MALFORMED_JSON_MESSAGE);
  if (encoding !== 'identity' && typeof e.code === 'string' && e.type === undefined) {
    return problem(400, `The body is not valid ${encoding} data, as its Content-Encoding header says: compress it with ${encoding}, or send it uncompressed without Content-Encoding`);
  }
  return null;
};
