import { expect } from 'chai';
import fc from 'fast-check';
import { TOKENS } from '../../support/example-config';
import { assertConformsToOpenApi } from '../../support/openapi-validator';
import { ApiResponse } from '../../support/test-service';
import { expectErrorShape } from '../support/error-shape';
import { HostileService, startHostileService } from '../support/hostile-service';
import { FUZZ_ROUTE_MS, FUZZ_RUNS, FUZZ_SEED } from './fuzz-settings';

/** A path segment or query value as a client may spell it: odd text, raw percent signs, bytes that are not UTF-8. */
const oddComponent = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
  fc.uint8Array({ maxLength: 6 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '..%2F..%2Fetc', '%00', '%2e%2e', '~', "'", '"', '%25', 'a'.repeat(2_000)),
);

const getRoutes = [
  (c: string) => `/apis/chatapp/messages/${c}`,
  (c: string) => `/apis/chatapp/messages?msg_id=${c}`,
  (c: string) => `/downloads/${c}/${c}?expires=${c}&signature=${c}`,
];

/** Property: odd paths and query values on the GET routes answer a 2xx or a 4xx in the error shape of docs/api/README.md. */
describe('fuzz: odd paths and query values on the GET routes never get a 5xx', function () {
  this.timeout(FUZZ_ROUTE_MS * 2 + 20_000);
  let h: HostileService;
  before(async () => {
    h = await startHostileService();
  });
  after(() => h.stop());

  it(`given up to ${FUZZ_RUNS} odd paths, then each answer is a 2xx or a small 4xx in the error shape of docs/api/README.md`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...getRoutes), oddComponent, async (route, component) => {
        const path = route(component);
        // What fetch sends: the URL with its dot segments resolved ("/messages/." asks for "/messages/").
        const sent = new URL(`${h.svc.url}${path}`);
        const res = await fetch(sent, { headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}` } });
        const text = await res.text();
        assertConformsToOpenApi({ method: 'GET', url: `${sent.pathname}${sent.search}`, status: res.status, headers: res.headers, text });
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text: the shape check below will say so
        }
        const answer: ApiResponse = { status: res.status, headers: res.headers, body: body as never, text };
        expect(res.status, `${path.slice(0, 120)}: ${text.slice(0, 200)}`).to.be.below(500);
        if (res.status >= 400) expectErrorShape(answer, path.slice(0, 120));
      }),
      { numRuns: FUZZ_RUNS, interruptAfterTimeLimit: FUZZ_ROUTE_MS, markInterruptAsFailure: false, seed: FUZZ_SEED },
    );
    expect((await fetch(`${h.svc.url}/health/ready`)).status, 'the service still answers').to.equal(200);
  });
});
