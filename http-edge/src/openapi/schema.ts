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
 * value. Said outright (`additionalProperties: true`), so generated clients type it as a map of
 * unknown values rather than an object with no keys.
 */
export const freeObject = (description: string): Schema => ({ type: 'object', description, additionalProperties: true });

/** Every property listed is required (answers whose keys are always there). */
export const record = (properties: Readonly<Record<string, Schema>>, options: { readonly closed?: boolean; readonly description?: string } = {}): Schema =>
  object(properties, Object.keys(properties), options);
