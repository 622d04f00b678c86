import { expect } from 'chai';
import { openApiDocument } from '@support/app';

type Schema = Record<string, unknown>;

const schemas = openApiDocument.components.schemas as unknown as Record<string, Schema>;

/** Every place in a request body schema where text, a list or a map has no documented size. */
const unbounded = (schema: Schema, path: string, seen: ReadonlySet<string>, out: string[]): void => {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    if (!seen.has(name)) unbounded(schemas[name], path, new Set([...seen, name]), out);
  }
  for (const k of ['allOf', 'anyOf', 'oneOf']) for (const part of (schema[k] as Schema[] | undefined) ?? []) unbounded(part, path, seen, out);
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && !fixed && schema.maxLength === undefined) out.push(`${path}: text without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) out.push(`${path}: list without maxItems`);
  const extra = schema.additionalProperties ?? schema.unevaluatedProperties;
  if (extra !== undefined && extra !== false && schema.maxProperties === undefined) out.push(`${path}: map without maxProperties`);
  for (const [key, value] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) unbounded(value, `${path}.${key}`, seen, out);
  if (typeof schema.items === 'object') unbounded(schema.items as Schema, `${path}[]`, seen, out);
  if (typeof extra === 'object' && extra !== null) unbounded(extra as Schema, `${path}.*`, seen, out);
};

describe('every request field has a documented size (issue 57, point 3)', () => {
  it('given the OpenAPI document, when every request body schema is walked, then each text has a maxLength, each list a maxItems and each map a maxProperties', () => {
    const found: string[] = [];
    let bodies = 0;
    for (const [template, operations] of Object.entries(openApiDocument.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (schema === undefined) continue;
        bodies += 1;
        unbounded(schema, `${method.toUpperCase()} ${template} body`, new Set(), found);
      }
    }
    expect(bodies).to.be.greaterThan(20);
    expect(found).to.deep.equal([]);
  });
});
