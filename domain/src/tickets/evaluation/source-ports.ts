import * as E from 'fp-ts/Either';
import { Account } from '../../config/account-config';
import { ActionRunner } from '../../ports/action-runner';
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

/**
 * The execute actions of task evaluation, run by the account's action runner. A runner that throws
 * counts as an action that could not be run: its record says why.
 */
export const actionPort = (deps: { readonly actions: ActionRunner }, account: Account): TaskEvaluationPorts['runAction'] => async (executeActionKey, inputs) => {
  try {
    return await deps.actions.run(account, { executeActionKey }, inputs);
  } catch (e) {
    return { kind: 'notFound' as const, message: `execute action "${executeActionKey}" could not be run (${thrownMessage(e)})` };
  }
};
