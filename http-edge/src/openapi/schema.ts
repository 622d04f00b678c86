/**
 * The little vocabulary the OpenAPI document is written in: JSON Schema 2020-12 objects (what
 * OpenAPI 3.1 uses) and the operation, response and parameter objects of OpenAPI 3.1, kept as
 * plain data. Builders keep each path file short; the document is checked against the OpenAPI 3.1
 * schema by the tests.
 */
export type Schema = { readonly [keyword: string]: unknown };
export type Operation = { readonly [field: string]: unknown };
type PathItem = { readonly [method: string]: Operation };
export type Paths = { readonly [template: string]: PathItem };

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/**
 * The sizes request text is held to, in characters (Unicode code points), by what it holds
 * (docs/api/README.md, Limits). The gateway refuses a body past any `maxLength`, `maxItems` or
 * `maxProperties` of its route's schema, so these are the enforced limits, not a description.
 */
export const TEXT_MAX = {
  /** Ids, keys, labels, names of things, order names, sources. */
  id: 256,
  /** An email address (RFC 5321 allows no longer). */
  email: 254,
  /** A phone number as people write it (spaces, dashes, an extension). */
  phone: 64,
  /** A date-time or a date. */
  timestamp: 64,
  /** A URL. */
  url: 2_048,
  /** The list's free-text filters. */
  filter: 1_000,
  /** A subject, a comment, a note, a reason, a disposition or data point value. */
  text: 4_000,
  /** What the customer wrote (a ticket's query). */
  query: 32_000,
  /** A document sent as text (a ticket's payload). */
  document: 100_000,
  /** Any text inside a value whose shape is the account's own (record data, action inputs). */
  freeValue: 10_000,
} as const;

/**
 * Marks a schema whose size the route checks itself, with the message its docs give ("Data point…",
 * "1 to 20 tickets (it names 21)"): the gateway's size check (limits/schema-limits.ts) leaves that
 * one limit to the route and still looks inside (an OpenAPI 3.1 specification extension, ignored
 * by JSON Schema).
 */
export const ROUTE_CHECKS_SIZE = 'x-route-checks-size';

/** A size the route checks itself, with the message its docs give; documented here all the same. */
export const routeChecksSize = (schema: Schema): Schema => ({ ...schema, [ROUTE_CHECKS_SIZE]: true });

/** A string of at most `max` characters. */
export const text = (max: number, description?: string, extra: Schema = {}): Schema => str(description, { maxLength: max, ...extra });

/** An array of at most `max` items. */
export const listOf = (items: Schema, max: number, description?: string): Schema => ({ type: 'array', items, maxItems: max, ...(description ? { description } : {}) });

export const str = (description?: string, extra: Schema = {}): Schema => ({ type: 'string', ...(description ? { description } : {}), ...extra });
export const int = (description?: string, extra: Schema = {}): Schema => ({ type: 'integer', ...(description ? { description } : {}), ...extra });
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const dateTime = (description?: string): Schema => str(description, { format: 'date-time' });
export const uuid = (description?: string): Schema => str(description, { format: 'uuid' });
export const oneOfStrings = (values: readonly string[], description?: string): Schema => str(description, { enum: values });
export const arrayOf = (items: Schema, description?: string): Schema => ({ type: 'array', items, ...(description ? { description } : {}) });
export const mapOf = (values: Schema, description?: string): Schema => ({ type: 'object', additionalProperties: values, ...(description ? { description } : {}) });

/** A value that may be null (OpenAPI 3.1: a type list, or anyOf with null for references). */
export const nullable = (s: Schema): Schema => {
  if (typeof s.type === 'string' && s.$ref === undefined && s.enum === undefined) return { ...s, type: [s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
};

/** An object with these properties; `required` names the ones always present. Extra keys allowed unless closed. */
export const object = (
  properties: Readonly<Record<string, Schema>>,
  required: readonly string[] = [],
  options: { readonly closed?: boolean; readonly description?: string } = {},
): Schema => ({
  type: 'object',
  ...(options.description ? { description: options.description } : {}),
  properties,
  ...(required.length > 0 ? { required } : {}),
  ...(options.closed ? { additionalProperties: false } : {}),
});

/**
 * An object whose keys are the caller's own (a record's fields, an action's inputs): any key, any JSON
 * value (in a request: within the sizes of FreeValue, at most `maxProperties` keys). Said outright (`additionalProperties`), so generated clients
 * type it as a map of values rather than an object with no keys.
 */
export const freeObject = (description: string, maxProperties?: number): Schema =>
  maxProperties === undefined ? { type: 'object', description, additionalProperties: true } : { type: 'object', description, additionalProperties: ref('FreeValue'), maxProperties };

/** Every property listed is required (answers whose keys are always there). */
export const record = (properties: Readonly<Record<string, Schema>>, options: { readonly closed?: boolean; readonly description?: string } = {}): Schema =>
  object(properties, Object.keys(properties), options);
