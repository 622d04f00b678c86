import { StringDecoder } from 'node:string_decoder';

/** Of an answer's body, this much (bytes) is kept as text for the delivery log. */
export const EXCERPT_BYTES = 1_024;

/**
 * The first `maxBytes` bytes of a body as UTF-8 text, never more and never a character cut in two
 * (StringDecoder.write holds back an incomplete last character). Invalid bytes read as U+FFFD.
 */
export const bodyExcerpt = (bytes: Buffer, maxBytes: number = EXCERPT_BYTES): string => new StringDecoder('utf8').write(bytes.subarray(0, maxBytes));
