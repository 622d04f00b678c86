import { configure } from 'safe-stable-stringify';

/**
 * RFC 8785 (JSON Canonicalization Scheme) for JSON values: keys sorted by UTF-16 code units,
 * strings and numbers as JSON.stringify writes them, no spaces. safe-stable-stringify writes exactly
 * that for JSON values, in about 60 % of the time `canonicalize` takes; the tests hold it to
 * `canonicalize` over generated JSON values. The leaf's text, and the text the embedded log stores
 * an event's data and metadata as.
 */
export const canonicalJson = configure({ deterministic: true, circularValue: Error, bigint: false });
