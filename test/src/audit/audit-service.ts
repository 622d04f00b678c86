import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService, TestServiceOptions } from '../support/test-service';
import { assertConformsToOpenApi } from '../support/openapi-validator';

/** The operator token of the audit tests (OPERATOR_TOKEN). */
export const OPERATOR_TOKEN = 'operator-token-for-the-audit-tests-0001';

/** The app with an operator token, the example accounts, no rate limits. */
export const startAuditedService = (options: Omit<TestServiceOptions, 'config'> = {}): Promise<TestService> =>
  startTestService({ config: withoutRateLimits(exampleConfig()), ...options, env: { OPERATOR_TOKEN, ...options.env } });

/** Creates a ticket; answers its id. */
export const createTicket = async (svc: TestService, phone: string, token: string = TOKENS.acmeAdmin): Promise<string> => {
  const res = await svc.api('POST', '/apis/tickets/manual', { token, body: { customer: { phone }, query: 'Where is my order?', fastResponse: true } });
  if (res.status !== 200) throw new Error(`ticket not created: ${res.status} ${res.text}`);
  return res.body.ticketId;
};

/** GET /admin/events (not following): the status and the parsed lines. */
export const readFeed = async (svc: TestService, query: string, token: string = OPERATOR_TOKEN) => {
  const url = `/admin/events${query ? `?${query}` : ''}`;
  const res = await fetch(`${svc.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  // Every line must be a FeedEvent of /openapi.json, every refusal its error body.
  assertConformsToOpenApi({ method: 'GET', url, status: res.status, headers: res.headers, text });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events: res.status === 200 ? text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l)) : [],
    body: res.status === 200 ? undefined : JSON.parse(text),
  };
};
