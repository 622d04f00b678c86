import { Operation, ref, Schema } from './schema';

/** A JSON body. */
export const json = (schema: Schema) => ({ 'application/json': { schema } });

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** Every answer carries the request id (docs/api/README.md: accepted when safe, made otherwise). */
const withRequestId = (headers: Readonly<Record<string, unknown>> = {}) => ({ 'X-Request-Id': header('X-Request-Id'), ...headers });

export interface Answer {
  readonly description: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly content?: Readonly<Record<string, unknown>>;
}

export const answer = (description: string, schema: Schema, headers: Readonly<Record<string, unknown>> = {}): Answer => ({
  description, headers: withRequestId(headers), content: json(schema),
});

export const errorAnswer = (description: string, schema: Schema = ref('Error'), headers: Readonly<Record<string, unknown>> = {}): Answer =>
  answer(description, schema, headers);

/** The answers every route of the API can give besides its own. */
interface Guards {
  /** Bearer authentication: 401 and 403. */
  readonly auth?: 'token' | 'admin' | 'none';
  /** The route takes a JSON body: 400 malformed, 413 too large, 415 not JSON. */
  readonly jsonBody?: boolean;
  /** docs/api/README.md (Rate limits) limits: 429 with the X-RateLimit headers; successful answers carry X-RateLimit-Limit/Remaining. */
  readonly rateLimited?: boolean;
  /** Behind the readiness gate (503 while read models are rebuilt). Default true. */
  readonly gated?: boolean;
  /** A command route: takes an Idempotency-Key header (409 while its first request runs, 422 for another request under the same key). */
  readonly idempotent?: boolean;
}

/** The Idempotency-Key header of the command routes. */
const idempotencyKeyParam = {
  name: 'Idempotency-Key', in: 'header', required: false,
  description: 'Makes a retry safe (IETF httpapi draft "The Idempotency-Key HTTP Header Field"): 1 to 255 visible ASCII characters, for example a UUID, per token. A repeat with the same key, method, path and body answers the first answer again (with `Idempotent-Replayed: true`), also after a restart; another request under the same key answers 422; a repeat while the first runs waits for its answer (up to 8 s, then 409). A 5xx, 409 or 429 answer is not kept: the next repeat runs the command. The answer kept is personal data: once its customer is erased, a repeat answers 410.',
  schema: { type: 'string', minLength: 1, maxLength: 257 },
};

const rateLimitHeaders = { 'X-RateLimit-Limit': header('X-RateLimit-Limit'), 'X-RateLimit-Remaining': header('X-RateLimit-Remaining') };

/** The common answers of a route, by its guards. */
const guardAnswers = (g: Guards): Record<string, Answer> => ({
  ...(g.jsonBody ? {
    '400': errorAnswer('Malformed JSON or not UTF-8, a field past its documented size (maxLength, maxItems, maxProperties), or a body that breaks the rules of the route (the message says what to fix).'),
    '413': errorAnswer('The body is over 1 MB.'),
    '415': errorAnswer('A body that is not application/json, or that declares a charset other than UTF-8.'),
  } : {}),
  ...(g.auth === 'token' || g.auth === 'admin' ? {
    '401': errorAnswer('No usable Bearer credentials, or a token that was revoked or has expired (docs/api/admin.md).', ref('Error'), { 'WWW-Authenticate': header('WWW-Authenticate') }),
    '403': errorAnswer(g.auth === 'admin'
      ? 'The token is not valid (`Not authorized`), or belongs to a user who is not an account admin, or an account admin asked for another account.'
      : 'The token is not valid for any account (`Not authorized`; `Invalid token` on the resource routes), lacks the scope the route needs, or its account is suspended (docs/api/admin.md).'),
  } : {}),
  ...(g.rateLimited ? {
    '429': errorAnswer('A limit of docs/api/README.md (Rate limits) is exceeded (the window named in the message).', ref('RateLimitError'), {
      'X-RateLimit-Limit': header('X-RateLimit-Limit-Required'),
      'X-RateLimit-Remaining': header('X-RateLimit-Remaining-Required'),
      'Retry-After': header('Retry-After-Required'),
    }),
  } : {}),
  ...(g.idempotent ? {
    '409': errorAnswer('A request with this Idempotency-Key is still being processed (Retry-After).', ref('Error'), { 'Retry-After': header('Retry-After') }),
    '422': errorAnswer('This Idempotency-Key was used with another request (method, path or body).'),
    '410': errorAnswer('The answer kept for this Idempotency-Key held personal data of a customer since erased: it is not given again.'),
  } : {}),
  '500': errorAnswer('An unexpected failure: `Internal server error`; the detail goes to the log with the request id.'),
  ...(g.gated !== false ? {
    '503': errorAnswer(
      'The service cannot answer now: it is starting (read models being rebuilt from the log), its storage cannot take data, or other processes kept writing the same data until the request\'s deadline. Sending the request again after Retry-After is safe.',
      ref('Error'), { 'Retry-After': header('Retry-After') },
    ),
  } : {}),
});

/** Headers of a successful answer of a rate-limited route. */
export const rateLimitedSuccessHeaders = rateLimitHeaders;

/** An operation with its own answers plus those its guards bring (its own win on the same status). */
export const operation = (
  op: { readonly operationId: string; readonly summary: string; readonly description?: string; readonly tags: readonly string[]; readonly parameters?: readonly unknown[]; readonly requestBody?: unknown },
  guards: Guards,
  answers: Readonly<Record<string, Answer>>,
): Operation => ({
  ...op,
  ...(guards.idempotent ? { parameters: [...(op.parameters ?? []), idempotencyKeyParam] } : {}),
  ...(guards.auth === 'token' ? { security: [{ bearer: [] }] } : guards.auth === 'admin' ? { security: [{ bearer: [] }, { operatorToken: [] }] } : { security: [] }),
  responses: { ...guardAnswers(guards), ...answers },
});

/** A JSON request body, with an example of a request that works on the demo configuration. */
export const jsonRequestBody = (schema: Schema, required = true, example?: unknown) => ({
  required, content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
});

export const pathParam = (name: string, description: string, schema: Schema = { type: 'string' }) => ({ name, in: 'path', required: true, description, schema });
export const queryParam = (name: string, description: string, schema: Schema = { type: 'string' }, required = false) => ({ name, in: 'query', required, description, schema });
