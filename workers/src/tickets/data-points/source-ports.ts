import * as E from 'fp-ts/Either';
import { Account, ConfiguredHttp, OrderLookup, TaskEvaluationPorts } from '@support/domain';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The sources a re-evaluation asks again: the store system and configured HTTP (each with its own
 * timeout and circuit breaker). An adapter that throws counts as a source that did not answer.
 * Execute actions are never run again: a re-evaluation skips them.
 */
export const reevaluationPorts = (deps: { readonly orders: OrderLookup; readonly http: ConfiguredHttp }, account: Account): TaskEvaluationPorts => ({
  orderForTicket: async (who, orderName) => {
    try {
      return await deps.orders.orderForTicket(account, who, orderName);
    } catch (e) {
      return E.left({ kind: 'unavailable' as const, message: message(e) });
    }
  },
  callHttp: async (request, placeholders) => {
    const started = Date.now();
    try {
      return await deps.http.call(request, { placeholders, caller: { accountId: account.id, purpose: 'integration' } });
    } catch (e) {
      return E.left({ kind: 'network' as const, message: message(e), durationMs: Date.now() - started });
    }
  },
  runAction: async (executeActionKey) => ({ kind: 'notFound' as const, message: `execute action "${executeActionKey}" is not run again by a re-evaluation` }),
});
