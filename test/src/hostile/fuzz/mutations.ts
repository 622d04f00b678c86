import fc from 'fast-check';
import { anyJson, hugeText, loneSurrogate, nested, setKey, strangeKey } from './json-arbitraries';

type Body = Record<string, unknown>;

/** A change to a generated body: what a careless or hostile client sends instead. */
interface Mutation {
  readonly describe: string;
  apply(body: Body): unknown;
}

/** Picks a key of the body (or a new one) by index, so that shrinking stays on the same place. */
const keyAt = (body: Body, index: number, fallback: string): string => {
  const keys = Object.keys(body);
  return keys.length === 0 ? fallback : keys[index % keys.length];
};

/** Replaces the value at a dotted place (top level or one level down) without touching the rest. */
const replaceAt = (body: Body, index: number, value: unknown): Body => {
  const out: Body = { ...body };
  const key = keyAt(body, index, 'x');
  const inner = out[key];
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && index % 2 === 1) {
    const copy: Body = { ...(inner as Body) };
    setKey(copy, keyAt(copy, index >> 1, 'y'), value);
    out[key] = copy;
  } else {
    setKey(out, key, value);
  }
  return out;
};

const wrongType = fc.tuple(fc.nat(), anyJson).map(([i, v]): Mutation => ({ describe: `wrong type ${JSON.stringify(v)?.slice(0, 40)} at key #${i}`, apply: (b) => replaceAt(b, i, v) }));

const extraKeys = fc.tuple(fc.nat(), fc.array(fc.tuple(strangeKey, anyJson), { minLength: 1, maxLength: 4 })).map(([i, entries]): Mutation => ({
  describe: `extra keys ${JSON.stringify(entries.map((e) => e[0]))}`,
  apply: (b) => {
    const out: Body = { ...b };
    const key = keyAt(b, i, 'x');
    const target = typeof out[key] === 'object' && out[key] !== null && i % 2 === 1 ? { ...(out[key] as Body) } : out;
    for (const [k, v] of entries) setKey(target, k, v);
    if (target !== out) out[key] = target;
    return out;
  },
}));

const manyKeys = fc.integer({ min: 50, max: 5_000 }).map((n): Mutation => ({
  describe: `${n} unknown keys`,
  apply: (b) => ({ ...b, ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])) }),
}));

const deepNesting = fc.tuple(fc.nat(), fc.integer({ min: 20, max: 3_000 }), fc.boolean()).map(([i, depth, arrays]): Mutation => ({
  describe: `value at key #${i} nested ${depth} deep in ${arrays ? 'arrays' : 'objects'}`,
  apply: (b) => replaceAt(b, i, nested('x', depth, arrays)),
}));

const hugeString = fc.tuple(fc.nat(), hugeText).map(([i, s]): Mutation => ({ describe: `${s.length}-character string at key #${i}`, apply: (b) => replaceAt(b, i, s) }));

const malformedText = fc.tuple(fc.nat(), loneSurrogate).map(([i, s]): Mutation => ({ describe: `lone surrogate at key #${i}`, apply: (b) => replaceAt(b, i, `x${s}y`) }));

const notAnObject = anyJson.map((v): Mutation => ({ describe: `body ${JSON.stringify(v)?.slice(0, 40)}`, apply: () => v }));

const unchanged = fc.constant<Mutation>({ describe: 'unchanged', apply: (b) => b });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof({ weight: 4, arbitrary: unchanged }, wrongType, malformedText, extraKeys, manyKeys, deepNesting, hugeString, notAnObject);
