import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/Either';
import { authenticate, ok, problem, rateLimit, respond } from '@support/http-edge';
import { decodeRequest, LimitedOperation, strictObject } from '@support/domain';
import { Feature } from '@support/app';

const ProbeBody = strictObject('ProbeBody', { name: t.string }, { count: t.number });

/**
 * A feature used only by the foundation tests: routes that exercise the shared edge (auth, body
 * decoding, rate limits, failures) independently of any product feature.
 */
export const probeFeature: Feature = {
  name: 'probe',
  commandRoutes: (deps) => {
    const router = new Router({ prefix: '/probe' });
    router.post('/echo', authenticate(deps.directory), (ctx) => {
      const decoded = decodeRequest(ProbeBody, ctx.request.body);
      respond(ctx, E.isLeft(decoded) ? E.left(problem(400, decoded.left.message)) : ok({ echoed: decoded.right, accountId: ctx.state.principal.accountId }));
    });
    router.post('/resource', authenticate(deps.directory, { invalidTokenMessage: 'Invalid token' }), (ctx) => {
      respond(ctx, ok({ ok: true }));
    });
    router.post('/boom', authenticate(deps.directory), () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    const limited: LimitedOperation[] = ['manualTicket', 'ticketList', 'ticketExport', 'executeAction'];
    for (const op of limited) {
      router.post(`/limited/${op}`, authenticate(deps.directory), rateLimit(op, deps.limiters), (ctx) => respond(ctx, ok({ ok: true })));
    }
    return router;
  },
};
