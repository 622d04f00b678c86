import { actionsConfig } from '../../actions/actions-config';
import { FakeActionApi } from '../../actions/fake-action-api';
import { FakeCloudApi, startFakeCloudApi } from '../../messaging/fake-cloud-api';
import { TOKENS } from '../../support/example-config';
import { assertConformsToOpenApi } from '../../support/openapi-validator';
import { ApiResponse, startTestService, TestService } from '../../support/test-service';

/**
 * The real app with every route able to do its work on loopback fakes: execute actions call a
 * fake API, the chat app is a fake Cloud API, rate limits are lifted.
 */
export interface HostileService {
  readonly svc: TestService;
  readonly actionApi: FakeActionApi;
  readonly cloudApi: FakeCloudApi;
  /** POST a raw body (bytes or text) with the admin token; extra headers win. */
  post(route: string, body: string | Buffer, headers?: Record<string, string>): Promise<ApiResponse>;
  stop(): Promise<void>;
}

export const startHostileService = async (): Promise<HostileService> => {
  const actionApi = await new FakeActionApi().start();
  const cloudApi = await startFakeCloudApi();
  const config = actionsConfig(actionApi.base);
  const acme = config.accounts.find((a) => a.id === 'acme')!;
  acme.chatApp = { ...(acme.chatApp as Record<string, unknown>), apiBaseUrl: cloudApi.url };
  const svc = await startTestService({ config });
  const post = async (route: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<ApiResponse> => {
    const res = await fetch(`${svc.url}${route}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    // Hostile or not, every answer is one /openapi.json declares.
    assertConformsToOpenApi({ method: 'POST', url: route, status: res.status, headers: res.headers, text });
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text (and an assertion on the error shape of docs/api/README.md will say so)
    }
    return { status: res.status, headers: res.headers, body: parsed as never, text };
  };
  return {
    svc, actionApi, cloudApi, post,
    stop: async () => {
      await svc.stop();
      await actionApi.stop();
      await cloudApi.stop();
    },
  };
};
