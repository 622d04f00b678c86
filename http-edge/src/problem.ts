/**
 * An HTTP failure as a value: status, the error body of docs/api/README.md (Errors) ({ error, message, ... })
 * and optional headers. Route handlers return these; the edge turns them into answers.
 */
export interface HttpProblem {
  readonly kind: 'HttpProblem';
  readonly status: number;
  readonly body: { readonly error?: string | { readonly code: string; readonly message: string }; readonly message?: string; readonly [key: string]: unknown };
  readonly headers?: Readonly<Record<string, string>>;
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** { error: <status name>, message } plus extra keys. */
export const problem = (
  status: number,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
  headers?: Readonly<Record<string, string>>,
): HttpProblem => ({
  kind: 'HttpProblem',
  status,
  body: { error: ERROR_NAMES[status] ?? 'Error', message, ...extra },
  ...(headers ? { headers } : {}),
});

export const isHttpProblem = (x: unknown): x is HttpProblem =>
  typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'HttpProblem';

const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const internalError = (): HttpProblem => ({ kind: 'HttpProblem', status: 500, body: { error: INTERNAL_ERROR_MESSAGE, message: INTERNAL_ERROR_MESSAGE } });
