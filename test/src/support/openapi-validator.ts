import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@support/app';

/** An answer as a test received it. */
export interface ReceivedAnswer {
  readonly method: string;
  /** Path and query as requested. */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

interface ValidationOptions {
  /** Paths the document does not know are test-only routes (a test's own features): not checked. */
  readonly skipUnknownPaths?: boolean;
}

type Doc = { readonly paths: Record<string, Record<string, unknown>>; readonly components: { readonly headers: Record<string, unknown> } };

interface Template {
  readonly template: string;
  readonly pattern: RegExp;
  readonly params: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const DOC_ID = 'urn:support:openapi';
/** Keys of the document's root that are not JSON Schema keywords. */
const DOCUMENT_KEYS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'security', 'tags', 'paths', 'components', 'webhooks', 'externalDocs'];
/** The document's own schema extensions (OpenAPI 3.1 `x-` keywords), which JSON Schema ignores. */
const EXTENSION_KEYWORDS = ['x-route-checks-size'];

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/**
 * Checks answers against the OpenAPI document: the operation (method + path template), the
 * status it declares, the headers it requires, the media type and the body's JSON Schema (each
 * line's for NDJSON). Answers the problems found (none: it conforms).
 */
export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: readonly Template[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Doc = openApiDocument as unknown as Doc) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
    addFormats(this.ajv);
    for (const keyword of [...DOCUMENT_KEYS, ...EXTENSION_KEYWORDS]) this.ajv.addKeyword({ keyword });
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
    this.templates = Object.keys(doc.paths)
      .map((template) => {
        const params = (template.match(/\{[^}]+\}/g) ?? []).length;
        const source = template.split(/(\{[^}]+\})/).map((part) => {
          if (!part.startsWith('{')) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          return '([^/]+)';
        }).join('');
        // The router is not strict: a trailing slash reaches the same route.
        return { template, pattern: new RegExp(`^${source}/?$`), params };
      })
      // The most literal template wins (/apis/tickets/manual before /apis/tickets/{ticketId}).
      .sort((a, b) => a.params - b.params);
  }

  /** Every operation of the document, as "METHOD template". */
  operations(): string[] {
    return Object.entries(this.doc.paths).flatMap(([template, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${template}`));
  }

  /** The operation an answer belongs to, or null when no path template matches. */
  operationOf(method: string, path: string): { readonly template: string; readonly method: string | null } | null {
    const matching = this.templates.filter((t) => t.pattern.test(path));
    if (matching.length === 0) return null;
    const m = method.toLowerCase();
    const withMethod = matching.find((t) => this.doc.paths[t.template][m] !== undefined);
    return withMethod ? { template: withMethod.template, method: m } : { template: matching[0].template, method: null };
  }

  check(answer: ReceivedAnswer, options: ValidationOptions = {}): string[] {
    const path = answer.url.split('?')[0];
    const op = this.operationOf(answer.method, path);
    if (op === null) {
      if (options.skipUnknownPaths) return [];
      if (answer.status !== 404) return [`no path of the document matches ${path}, yet it answered ${answer.status}`];
      return this.checkBody(answer, `${pointer('components', 'schemas', 'Error')}`, 'application/json');
    }
    if (op.method === null) {
      if (answer.status !== 405 && answer.status !== 404) return [`${answer.method} is not documented on ${op.template}, yet it answered ${answer.status}`];
      return this.checkBody(answer, pointer('components', 'schemas', 'Error'), 'application/json');
    }
    const responses = (this.doc.paths[op.template][op.method] as { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }> }).responses;
    const declared = responses[String(answer.status)];
    const where = `${op.method.toUpperCase()} ${op.template} ${answer.status}`;
    if (declared === undefined) return [`${where}: status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const problems = this.checkHeaders(answer, declared.headers ?? {}).map((p) => `${where}: ${p}`);
    const base = pointer('paths', op.template, op.method, 'responses', String(answer.status));
    const content = declared.content ?? {};
    if (Object.keys(content).length === 0) {
      if (answer.text !== '') problems.push(`${where}: a body was answered where none is documented`);
      return problems;
    }
    const media = mediaTypeOf(answer.headers.get('content-type'));
    const key = media in content ? media : '*/*' in content ? '*/*' : null;
    if (key === null) return [...problems, `${where}: content type "${media}" is not documented (documented: ${Object.keys(content).join(', ')})`];
    return [...problems, ...this.checkBody(answer, `${base}/${pointer('content', key)}`, key).map((p) => `${where}: ${p}`)];
  }

  private checkHeaders(answer: ReceivedAnswer, declared: Record<string, unknown>): string[] {
    const problems: string[] = [];
    for (const [name, raw] of Object.entries(declared)) {
      const header = this.resolveHeader(raw);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`the header ${name} is required and missing`);
        continue;
      }
      const schema = header.schema as { type?: string } | undefined;
      if (schema?.type === 'integer' && !/^\d+$/.test(value)) problems.push(`the header ${name} must be an integer, got "${value}"`);
    }
    return problems;
  }

  private resolveHeader(raw: unknown): { required?: boolean; schema?: unknown } {
    const h = raw as { $ref?: string; required?: boolean; schema?: unknown };
    if (h.$ref === undefined) return h;
    return this.doc.components.headers[h.$ref.split('/').pop() as string] as { required?: boolean; schema?: unknown };
  }

  /** `at` points to a media type object (or, for the error fallbacks, to a schema). */
  private checkBody(answer: ReceivedAnswer, at: string, media: string): string[] {
    const isMediaType = at.includes('/content/');
    const mediaObject = isMediaType ? this.resolvePointer(at) as { schema?: unknown; 'x-line-schema'?: unknown } : null;
    if (media === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        return [`the body is not JSON: ${answer.text.slice(0, 200)}`];
      }
      return this.validate(isMediaType ? `${at}/schema` : at, body);
    }
    if (mediaObject?.['x-line-schema'] !== undefined) {
      return answer.text.split('\n').filter((l) => l !== '').flatMap((line, i) => {
        try {
          return this.validate(`${at}/x-line-schema`, JSON.parse(line)).map((p) => `line ${i + 1}: ${p}`);
        } catch {
          return [`line ${i + 1} is not JSON`];
        }
      });
    }
    return [];
  }

  private resolvePointer(at: string): unknown {
    return at.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  /** Validates a value against the schema at a pointer into the document. */
  validate(at: string, value: unknown): string[] {
    let fn = this.compiled.get(at);
    if (fn === undefined) {
      fn = this.ajv.getSchema(`${DOC_ID}#/${at}`);
      if (fn === undefined) throw new Error(`no schema at #/${at}`);
      this.compiled.set(at, fn);
    }
    if (fn(value)) return [];
    return (fn.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}

let shared: OpenApiValidator | undefined;
/** One validator for the whole test run (schemas compile once). */
export const openApiValidator = (): OpenApiValidator => (shared ??= new OpenApiValidator());

/** Throws with every problem when the answer does not conform to the document. */
export const assertConformsToOpenApi = (answer: ReceivedAnswer, options: ValidationOptions = {}): void => {
  const problems = openApiValidator().check(answer, options);
  if (problems.length > 0) {
    throw new Error(`The answer to ${answer.method} ${answer.url} (${answer.status}) does not match /openapi.json:\n  - ${problems.join('\n  - ')}\n  body: ${answer.text.slice(0, 500)}`);
  }
};
