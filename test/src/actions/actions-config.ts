import { exampleConfig, withoutRateLimits } from '../support/example-config';

type Json = Record<string, unknown>;

/**
 * The example configuration with acme's actions pointed at a loopback API, plus actions for each
 * outcome: an API error, a timeout, a failing output expression, and one with a secret input.
 */
export const actionsConfig = (base: string, options: { rateLimits?: boolean } = {}) => {
  const config = options.rateLimits ? exampleConfig() : withoutRateLimits(exampleConfig());
  const acme = config.accounts[0] as Json;
  const actions = acme.executeActions as Json[];
  for (const a of actions) {
    const request = a.request as Json;
    request.url = String(request.url).replace('http://127.0.0.1:4030', base);
  }
  actions.push(
    { id: 'wcl-fail', key: 'always_fails', name: 'Fails', inputs: [], request: { method: 'POST', url: `${base}/fail`, body: 'inputs' }, output: 'body' },
    { id: 'wcl-slow', key: 'slow', name: 'Slow', inputs: [], request: { method: 'GET', url: `${base}/slow`, timeoutMs: 200 }, output: 'body' },
    { id: 'wcl-bad-expression', key: 'bad_expression', name: 'Bad expression', inputs: [], request: { method: 'GET', url: `${base}/echo` }, output: '$number(body.url)' },
    {
      id: 'wcl-secret', key: 'with_secret', name: 'Secret input',
      inputs: [{ name: 'apiToken', type: 'string', required: true }, { name: 'count', type: 'integer' }, { name: 'when', type: 'date' }],
      request: { method: 'POST', url: `${base}/echo/{{count}}`, headers: { 'X-Api-Key': 'header-secret-value' }, body: 'inputs' },
      output: "{ 'got': body.body, 'path': body.url }",
    },
  );
  (acme.accessTokens as Json[]).push({ id: 'tok-admin-2', userId: 'u-admin', token: 'acme-admin-token-0002' });
  return config;
};

export const SECOND_ADMIN_TOKEN = 'acme-admin-token-0002';
