/** Input names that look like they hold a secret; their values are never recorded. */
const SECRET_INPUT_NAME = /secret|token|passw(or)?d|pwd|passcode|api[-_]?key|auth|credential|private|signature|session|cookie/i;

const REDACTED_INPUT = '[redacted]';

/** Inputs as they may be recorded in an event: values of secret-looking names replaced. */
export const redactSecretInputs = (inputs: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, SECRET_INPUT_NAME.test(k) ? REDACTED_INPUT : v]));
