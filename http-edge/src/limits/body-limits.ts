import type { Middleware } from 'koa';
import { describePath } from '../body-path';
import { HttpProblem, problem } from '../problem';
import type { Schema } from '../openapi/schema';
import { routeBodySchemas } from './route-body-schemas';
import { LimitFinding, limitFindings } from './schema-limits';

/** Places named in one message; the rest are counted. */
const NAMED = 3;

const sentence = (f: LimitFinding): string => {
  const where = describePath(f.path);
  switch (f.limit) {
    case 'maxLength':
      return `${where} must be at most ${f.max} characters, got ${f.actual}: shorten it`;
    case 'maxItems':
      return `${where} must hold at most ${f.max} items, got ${f.actual}: send fewer`;
    default:
      return `${where} must have at most ${f.max} keys, got ${f.actual}: send fewer`;
  }
};

/** The 400 of a body past its documented sizes: the first few places, each with its limit, and how many more. */
export const limitsProblem = (findings: readonly LimitFinding[]): HttpProblem | null => {
  if (findings.length === 0) return null;
  const named = findings.slice(0, NAMED).map(sentence);
  const more = findings.length - named.length;
  const message = `${named.join('; ')}${more > 0 ? ` (and ${more} more past their limits)` : ''}`;
  return problem(400, message, { fields: findings.map((f) => describePath(f.path)) });
};

/**
 * Every request body is held to the sizes its route documents (the `maxLength`, `maxItems` and
 * `maxProperties` of the OpenAPI document's request body schema) before the route reads it: the
 * documented limits are the enforced ones, for every route, by construction.
 */
export const bodyLimits = (document: { readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>; readonly components: { readonly schemas: Readonly<Record<string, Schema>> } }): Middleware => {
  const schemaOf = routeBodySchemas(document.paths);
  const resolve = (ref: string): Schema | undefined => document.components.schemas[ref.replace('#/components/schemas/', '')];
  return async (ctx, next) => {
    if (ctx.state.bodyPresent === true) {
      const schema = schemaOf(ctx.method, ctx.path);
      const refused = schema === null ? null : limitsProblem(limitFindings(ctx.request.body, schema, resolve));
      if (refused) throw refused;
    }
    await next();
  };
};
