import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/** How a body travels: its bytes and the headers that describe (or misdescribe) them. */
interface WireForm {
  readonly describe: string;
  encode(json: string): { body: Buffer; headers: Record<string, string> };
}

const form = (describe: string, encode: WireForm['encode']): WireForm => ({ describe, encode });
const utf8 = (s: string) => Buffer.from(s, 'utf8');

export const wireForm: fc.Arbitrary<WireForm> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(form('plain JSON', (j) => ({ body: utf8(j), headers: {} }))) },
  fc.constant(form('gzip', (j) => ({ body: gzipSync(j), headers: { 'Content-Encoding': 'gzip' } }))),
  fc.constant(form('deflate', (j) => ({ body: deflateSync(j), headers: { 'Content-Encoding': 'deflate' } }))),
  fc.constant(form('br', (j) => ({ body: brotliCompressSync(j), headers: { 'Content-Encoding': 'br' } }))),
  fc.constantFrom('gzip', 'deflate', 'br', 'GZIP', 'compress', 'gzip, gzip', 'x-unknown').map((enc) => form(`plain JSON labelled ${enc}`, (j) => ({ body: utf8(j), headers: { 'Content-Encoding': enc } }))),
  fc.integer({ min: 1, max: 40 }).map((n) => form(`gzip cut to ${n} bytes`, (j) => ({ body: gzipSync(j).subarray(0, n), headers: { 'Content-Encoding': 'gzip' } }))),
  fc.integer({ min: 0, max: 200 }).map((n) => form(`JSON cut at ${n}`, (j) => ({ body: utf8(j.slice(0, n)), headers: {} }))),
  fc.uint8Array({ minLength: 1, maxLength: 4 }).map((bytes) => form(`invalid UTF-8 bytes appended inside a string`, (j) => ({ body: Buffer.concat([utf8('{"query":"'), Buffer.from([0xc3, 0x28, ...bytes]), utf8(`","x":${j}}`)]), headers: {} }))),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/merge-patch+json').map((type) =>
    form(`Content-Type ${type}`, (j) => ({ body: utf8(j), headers: { 'Content-Type': type } }))),
);
