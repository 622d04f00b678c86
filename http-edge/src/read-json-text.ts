import type { IncomingMessage } from 'node:http';
import inflate from 'inflation';
import getRawBody from 'raw-body';
import { problem } from './problem';
import { utf8Text } from './utf8-text';

/** The charsets a JSON body may declare (RFC 8259: JSON exchanged between systems is UTF-8). */
const UTF8_NAMES: readonly string[] = ['utf-8', 'utf8'];

const declaredCharset = (contentType: string | undefined): string | null => {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
};

/**
 * The request body as text: decompressed as its Content-Encoding (`encoding`, lower case) says (inflation), read up to
 * `limit` bytes after decompression (raw-body, whose errors bodyReadProblem maps), then decoded as
 * UTF-8 strictly. A charset other than UTF-8 is 415; bytes that are not UTF-8 are 400 (a lenient
 * decoder would store U+FFFD in their place, and the client would never learn its text was lost).
 */
export const readJsonText = async (req: IncomingMessage, encoding: string, limit: string): Promise<string> => {
  const charset = declaredCharset(req.headers['content-type']);
  if (charset !== null && !UTF8_NAMES.includes(charset)) throw problem(415, 'Unsupported charset: send the JSON body as UTF-8');
  const declared = req.headers['content-length'];
  const bytes = await getRawBody(inflate(req, { encoding }), { limit, length: encoding === 'identity' && declared !== undefined ? Number(declared) : undefined });
  const text = utf8Text(bytes);
  if (text === null) throw problem(400, 'The body is not valid UTF-8: send its text encoded as UTF-8 (JSON between systems is UTF-8, RFC 8259)');
  return text;
};
