import fc from 'fast-check';

/** Characters that break naive code: regex syntax, quotes, control characters, RTL marks, a BOM. */
const ODD_CHARS = ['(', ')', '[', '\\', '*', '+', '?', '{', '}', '|', '^', '$', '.', '"', "'", '\u0000', '\u0007', '\n', '\u202e', '\ufeff', '%', '/', '{{', '}}', '💥'];

/** A lone UTF-16 surrogate (high or low): text with no UTF-8 form. */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Short well-formed text: plain, full Unicode, or odd characters. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.array(fc.constantFrom(...ODD_CHARS), { maxLength: 8 }).map((cs) => cs.join('')),
);

/** Short text that may also hold a lone surrogate (what mutations put in). */
const oddText = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.tuple(fc.string({ maxLength: 4 }), loneSurrogate, fc.string({ maxLength: 4 })).map(([a, s, b]) => `${a}${s}${b}`),
);

/** Long text: a short piece repeated up to 200,000 characters (over the 1 MB body limit when multi-byte). */
export const hugeText = fc
  .tuple(fc.oneof(fc.constant('a'), fc.constant('('), fc.constant('é'), oddText.filter((s) => s.length > 0)), fc.integer({ min: 1_001, max: 200_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

/** Any JSON value, shallow. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1),
  oddText,
  fc.array(fc.oneof(fc.integer(), oddText), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), oddText), { maxKeys: 3 }),
);

/** `value` wrapped in `depth` objects or arrays. */
export const nested = (value: unknown, depth: number, inArrays: boolean): unknown => {
  let v = value;
  for (let i = 0; i < depth; i += 1) v = inArrays ? [v] : { a: v };
  return v;
};

/** Keys that reach a prototype, and keys no schema declares. */
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
export const strangeKey = fc.oneof(prototypeKey, oddText, fc.constantFrom('', ' ', 'toString', 'hasOwnProperty', 'valueOf', '$where', 'a.b', '0'));

/** Sets an own, enumerable key (also "__proto__", which plain assignment would not make a key). */
export const setKey = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
};
