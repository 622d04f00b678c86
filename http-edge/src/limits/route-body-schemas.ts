import type { Schema } from '../openapi/schema';

/** The request body schema of the operation a request reaches, if it declares one. */
export type BodySchemaOf = (method: string, path: string) => Schema | null;

interface RouteSchema {
  readonly pattern: RegExp;
  readonly schema: Schema;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/apis/tickets/{ticketId}/split` as a pattern: a template parameter is one path segment. */
const templatePattern = (template: string): RegExp =>
  new RegExp(`^${template.split(/(\{[^}]+\})/).map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : escape(part))).join('')}/?$`);

/**
 * Looks a request up in an OpenAPI document's paths: its method and path to the JSON schema of the
 * operation's request body. Literal templates are tried before templated ones, as routers do
 * (`/apis/tickets/bulk` before `/apis/tickets/{ticketId}`).
 */
export const routeBodySchemas = (paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>): BodySchemaOf => {
  const byMethod = new Map<string, RouteSchema[]>();
  const templates = Object.keys(paths).sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
  for (const template of templates) {
    for (const [method, operation] of Object.entries(paths[template])) {
      const schema = (operation as { requestBody?: { content?: Record<string, { schema?: Schema }> } }).requestBody?.content?.['application/json']?.schema;
      if (schema === undefined) continue;
      const list = byMethod.get(method.toUpperCase()) ?? [];
      list.push({ pattern: templatePattern(template), schema });
      byMethod.set(method.toUpperCase(), list);
    }
  }
  return (method, path) => byMethod.get(method)?.find((r) => r.pattern.test(path))?.schema ?? null;
};
