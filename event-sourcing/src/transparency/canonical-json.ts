import { configure } from 'safe-stable-stringify';

/**
 * RFC 8785 (JSON Canonicalization Scheme) for JSON values: keys sorted by UTF-16 code units,
 * strings and numbers as JSON.stringify writes them, no spaces. safe-stable-stringify writes exactly
 * that for JSON values, and faster than `canonicalize`; the tests hold it to `canonicalize` over
 * generated JSON values. The leaf's text (its values are parsed JSON; canonicalStoredJson below
 * writes the same text for what the embedded log stores).
 */
export const canonicalJson = configure({ deterministic: true, circularValue: Error, bigint: false });

/**
 * canonicalJson for the text an event is stored as: a value JSON cannot hold (a bigint, NaN, a
 * function) throws, as JSON.stringify does for a bigint, rather than being dropped or written as
 * null: what an event carries is stored as it is, or the append fails before anything is written.
 */
export const canonicalStoredJson = configure({ deterministic: true, circularValue: Error, strict: true });
