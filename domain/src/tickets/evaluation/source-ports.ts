import * as E from 'fp-ts/Either';
import { Account } from '../../config/account-config';
import { ConfiguredHttp } from '../../ports/configured-http';
import { OrderLookup } from '../../ports/order-lookup';
import { thrownMessage } from '../../shared/thrown-message';
import { TaskEvaluationPorts } from './ports';

/**
 * The data sources of task evaluation bound to the account's store system and configured HTTP
 * client (each adapter keeps its own timeout and circuit breaker). An adapter that throws counts as
 * a source that did not answer: its data point is absent with the reason.
 */
export const sourcePorts = (
  deps: { readonly orders: OrderLookup; readonly http: ConfiguredHttp },
  account: Account,
): Omit<TaskEvaluationPorts, 'runAction'> => ({
  orderForTicket: async (who, orderName) => {
    try {
      return await deps.orders.orderForTicket(account, who, orderName);
    } catch (e) {
      return E.left({ kind: 'unavailable' as const, message: thrownMessage(e) });
    }
  },
  callHttp: async (request, placeholders) => {
    const started = Date.now();
    try {
      return await deps.http.call(request, { placeholders, caller: { accountId: account.id, purpose: 'integration' } });
    } catch (e) {
      return E.left({ kind: 'network' as const, message: thrownMessage(e), durationMs: Date.now() - started });
    }
  },
});
