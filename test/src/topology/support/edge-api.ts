import { assertConformsToOpenApi } from '../../support/openapi-validator';
import { ApiResponse, TestService } from '../../support/test-service';

/**
 * Calls through the edge at `edgeUrl` (nginx), JSON in and out, in the shape of TestService's
 * `api`, so the helpers of the other tests send their requests through nginx too. What nginx
 * passes on is checked against /openapi.json like every answer a test receives.
 */
export const edgeApi = (edgeUrl: string): Pick<TestService, 'api'> => ({
  api: async (method: string, route: string, opts: { token?: string; body?: unknown } = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = {};
    if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${edgeUrl}${route}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    assertConformsToOpenApi({ method, url: route, status: res.status, headers: res.headers, text });
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: body as never, text };
  },
});
