import { Account, ConfiguredHttp, OrderLookup, sourcePorts, TaskEvaluationPorts } from '@support/domain';

/**
 * The sources a re-evaluation asks again: the store system and configured HTTP. Execute actions
 * are never run again: a re-evaluation skips them.
 */
export const reevaluationPorts = (deps: { readonly orders: OrderLookup; readonly http: ConfiguredHttp }, account: Account): TaskEvaluationPorts => ({
  ...sourcePorts(deps, account),
  runAction: async (executeActionKey) => ({ kind: 'notFound' as const, message: `execute action "${executeActionKey}" is not run again by a re-evaluation` }),
});
