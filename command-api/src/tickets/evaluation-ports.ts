import * as E from 'fp-ts/Either';
import { Account, ActionRunner, ConfiguredHttp, OrderLookup, TaskEvaluationPorts } from '@support/domain';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Task evaluation's ports bound to the account's store system, the configured HTTP client and the
 * execute-action runner. An adapter that throws counts as a source that could not answer.
 */
export const evaluationPorts = (deps: { readonly orders: OrderLookup; readonly http: ConfiguredHttp; readonly actions: ActionRunner }, account: Account): TaskEvaluationPorts => ({
  orderForTicket: async (who, orderName) => {
    try {
      return await deps.orders.orderForTicket(account, who, orderName);
    } catch (e) {
      return E.left({ kind: 'unavailable', message: message(e) });
    }
  },
  callHttp: async (request, placeholders) => {
    const started = Date.now();
    try {
      return await deps.http.call(request, { placeholders });
    } catch (e) {
      return E.left({ kind: 'network', message: message(e), durationMs: Date.now() - started });
    }
  },
  runAction: async (executeActionKey, inputs) => {
    try {
      return await deps.actions.run(account, { executeActionKey }, inputs);
    } catch (e) {
      return { kind: 'notFound', message: `execute action "${executeActionKey}" could not be run (${message(e)})` };
    }
  },
});
