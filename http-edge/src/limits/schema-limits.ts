import type { BodyPath } from '../body-path';
import { ROUTE_CHECKS_SIZE, type Schema } from '../openapi/schema';

/** A place in a body past one of its schema's size limits. */
export interface LimitFinding {
  readonly path: BodyPath;
  readonly limit: 'maxLength' | 'maxItems' | 'maxProperties';
  readonly max: number;
  readonly actual: number;
}

/** Resolves `{ $ref: '#/components/schemas/Name' }` to the schema it names. */
export type ResolveRef = (ref: string) => Schema | undefined;

const FINDINGS_KEPT = 10;


/** Characters as JSON Schema counts them (Unicode code points), only counted when the UTF-16 length could be over. */
const codePoints = (s: string, max: number): number => {
  if (s.length <= max) return s.length;
  let n = 0;
  for (const _ of s) n += 1; // eslint-disable-line @typescript-eslint/no-unused-vars
  return n;
};

const numberKeyword = (schema: Schema, keyword: string): number | undefined => (typeof schema[keyword] === 'number' ? (schema[keyword] as number) : undefined);

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON Schema types a value is. */
const typesOf = (v: unknown): readonly string[] => {
  if (v === null) return ['null'];
  if (Array.isArray(v)) return ['array'];
  if (typeof v === 'number') return Number.isInteger(v) ? ['integer', 'number'] : ['number'];
  return [typeof v];
};

/** Whether a branch's declared `type` (through a `$ref`) admits the value; a branch without one admits anything. */
const admits = (schema: Schema, v: unknown, resolve: ResolveRef): boolean => {
  const s = typeof schema.$ref === 'string' ? resolve(schema.$ref) ?? schema : schema;
  if (s.type === undefined) return true;
  const declared = ([] as unknown[]).concat(s.type);
  return typesOf(v).some((t) => declared.includes(t));
};

/**
 * The places where `value` is longer, or holds more items or keys, than `schema` allows: only the
 * size keywords of JSON Schema 2020-12 (`maxLength`, `maxItems`, `maxProperties`), which apply to
 * a value of their kind whatever `type` says, followed through `$ref`, `allOf`, `anyOf`/`oneOf`
 * (a value within any one branch whose `type` admits it is within), `properties`,
 * `additionalProperties` (or `unevaluatedProperties`) and `items`.
 * Types, required keys and formats are the route's own decoding, as are the sizes marked
 * ROUTE_CHECKS_SIZE. An array or object past its
 * limit is not looked into, so a huge list costs one finding.
 */
export const limitFindings = (value: unknown, schema: Schema, resolve: ResolveRef): LimitFinding[] => {
  const findings: LimitFinding[] = [];
  const walk = (v: unknown, s: Schema | boolean | undefined, path: BodyPath): void => {
    if (s === undefined || typeof s === 'boolean' || findings.length >= FINDINGS_KEPT) return;
    if (typeof s.$ref === 'string') walk(v, resolve(s.$ref), path);
    if (Array.isArray(s.allOf)) for (const part of s.allOf as Schema[]) walk(v, part, path);
    const branches = ((s.anyOf ?? s.oneOf ?? []) as Schema[]).filter((b) => admits(b, v, resolve));
    if (branches.length > 0) {
      const each = branches.map((b) => limitFindings(v, b, resolve).map((f) => ({ ...f, path: [...path, ...f.path] })));
      if (!each.some((f) => f.length === 0)) findings.push(...each.reduce((a, b) => (b.length < a.length ? b : a)));
    }
    const own = s[ROUTE_CHECKS_SIZE] === true;
    if (typeof v === 'string') {
      const max = own ? undefined : numberKeyword(s, 'maxLength');
      if (max !== undefined) {
        const actual = codePoints(v, max);
        if (actual > max) findings.push({ path, limit: 'maxLength', max, actual });
      }
      return;
    }
    if (Array.isArray(v)) {
      const max = own ? undefined : numberKeyword(s, 'maxItems');
      if (max !== undefined && v.length > max) return void findings.push({ path, limit: 'maxItems', max, actual: v.length });
      const items = s.items as Schema | undefined;
      if (items !== undefined) v.forEach((item, i) => walk(item, items, [...path, i]));
      return;
    }
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      const max = own ? undefined : numberKeyword(s, 'maxProperties');
      if (max !== undefined && keys.length > max) return void findings.push({ path, limit: 'maxProperties', max, actual: keys.length });
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      // With no properties or patternProperties beside it, unevaluatedProperties is additionalProperties.
      const others = (s.additionalProperties ?? s.unevaluatedProperties) as Schema | boolean | undefined;
      for (const key of keys) walk(v[key], Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : others, [...path, key]);
    }
  };
  walk(value, schema, []);
  return findings.slice(0, FINDINGS_KEPT);
};
