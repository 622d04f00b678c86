import { expect } from 'chai';
import fc from 'fast-check';
import { expectErrorShape } from '../support/error-shape';
import { HostileService, startHostileService } from '../support/hostile-service';
import { BODY_ROUTES } from '../support/routes';
import { FUZZ_ROUTE_MS, FUZZ_RUNS, FUZZ_SEED } from './fuzz-settings';
import { mutation } from './mutations';
import { BODY_ARBITRARIES } from './route-bodies';
import { wireForm } from './wire-forms';

/**
 * Property: whatever body a client sends to a route (generated from the route's schema, then
 * mutated, then sent in some wire form), the answer is a 2xx or a 4xx in the shape of docs/api/README.md (Errors),
 * never a 5xx; and the service answers afterwards. Shrunk counterexamples that fast-check found
 * are kept as fixed cases in found-by-fuzzing.http.test.ts.
 */
describe('fuzz: generated and mutated bodies on every route never get a 5xx', function () {
  this.timeout(FUZZ_ROUTE_MS * 2 + 20_000);
  let h: HostileService;
  before(async () => {
    h = await startHostileService();
  });
  after(() => h.stop());

  for (const route of BODY_ROUTES) {
    it(`given up to ${FUZZ_RUNS} generated bodies for the ${route.name} route, then each answer is a 2xx or a small 4xx in the error shape of docs/api/README.md`, async () => {
      const request = fc.record({ body: BODY_ARBITRARIES.get(route)!, mutation, wire: wireForm });
      await fc.assert(
        fc.asyncProperty(request, async ({ body, mutation: m, wire }) => {
          const json = JSON.stringify(m.apply(body)) ?? 'null';
          const { body: bytes, headers } = wire.encode(json);
          const res = await h.post(route.path, bytes, headers);
          const what = `${route.name}, ${m.describe}, ${wire.describe}`;
          expect(res.status, `${what}: ${res.text.slice(0, 200)}`).to.be.below(500);
          if (res.status >= 400) expectErrorShape(res, what);
          else expect(res.body, `${what}: a 2xx answers JSON`).to.be.an('object');
        }),
        { numRuns: FUZZ_RUNS, interruptAfterTimeLimit: FUZZ_ROUTE_MS, markInterruptAsFailure: false, seed: FUZZ_SEED, endOnFailure: false },
      );
      const health = await fetch(`${h.svc.url}/health/ready`);
      expect(health.status, 'the service still answers').to.equal(200);
    });
  }
});
