import { Logger } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { ApiResponse, startTestService, TestService, TestServiceOptions } from '../../support/test-service';

export const OPERATOR = 'operator-token-for-the-admin-tests-0001';
export { TOKENS };

/** Every log line's message and fields, as text: what a scan for secrets reads. */
export const textLogger = (): Logger & { lines: string[] } => {
  const lines: string[] = [];
  const line = (message: string, fields?: unknown) => void lines.push(JSON.stringify({ message, fields }));
  return { lines, info: line, warn: line, error: line };
};

/** The app with the example accounts and OPERATOR_TOKEN set. */
export const startAdminDesk = (options: TestServiceOptions = {}): Promise<TestService> =>
  startTestService({ config: withoutRateLimits(exampleConfig()), ...options, env: { OPERATOR_TOKEN: OPERATOR, ...options.env } });

/** A token made through the API by `by` (acme's admin by default). */
export const makeToken = (svc: TestService, body: Record<string, unknown>, by: string = TOKENS.acmeAdmin, accountId = 'acme'): Promise<ApiResponse> =>
  svc.api('POST', `/apis/admin/accounts/${accountId}/tokens`, { token: by, body });

export const revokeToken = (svc: TestService, tokenId: string, by: string = TOKENS.acmeAdmin, accountId = 'acme'): Promise<ApiResponse> =>
  svc.api('DELETE', `/apis/admin/accounts/${accountId}/tokens/${tokenId}`, { token: by });

/** A read every scope-holding token may make (`read`). */
export const aRead = (svc: TestService, token: string): Promise<ApiResponse> => svc.api('GET', '/apis/sla/queue', { token });

/** A change (`write`): a manual ticket. */
export const aWrite = (svc: TestService, token: string): Promise<ApiResponse> =>
  svc.api('POST', '/apis/tickets/manual', { token, body: { customer: { phone: '+14155550199' }, query: 'Where is my parcel?' } });
