import * as E from 'fp-ts/Either';
import { Account, ActionRunner, ConfiguredHttp, findAction, OrderLookup, sourcePorts, TaskEvaluationPorts, actionPort } from '@support/domain';

/** What a source that has not answered by the deadline is recorded as saying. */
const LATE_REASON = 'did not answer within the time a ticket create has';

/**
 * The work's answer, or `late()` once the deadline has passed (the work goes on by itself and is
 * not waited for): a source that hangs costs a create its remaining time, never more.
 */
const beforeDeadline = async <T>(work: () => Promise<T>, deadline: number, late: () => T): Promise<T> => {
  const left = deadline - Date.now();
  if (left <= 0) return late();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), left);
  });
  try {
    return await Promise.race([work(), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Task evaluation's ports (sourcePorts, and the execute-action runner; an adapter that throws
 * counts as a source that could not answer), each answering by `deadline`: one that has not answered by then counts the same, its
 * data point absent with the reason, and the ticket is created.
 */
/** What a task evaluation calls: the store system, configured HTTP sources, the action runner. */
export interface EvaluationPortsDeps {
  readonly orders: OrderLookup;
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
}

export const evaluationPorts = (
  deps: EvaluationPortsDeps,
  account: Account,
  deadline: number,
): TaskEvaluationPorts => {
  const sources = sourcePorts(deps, account);
  const runAction = actionPort(deps, account);
  return {
    orderForTicket: (who, orderName) =>
      beforeDeadline(() => sources.orderForTicket(who, orderName), deadline, () => E.left({ kind: 'unavailable' as const, message: LATE_REASON })),
    callHttp: (request, placeholders) => {
      const started = Date.now();
      return beforeDeadline(() => sources.callHttp(request, placeholders), deadline,
        () => E.left({ kind: 'timeout' as const, timeoutMs: deadline - started, durationMs: Date.now() - started }));
    },
    runAction: (executeActionKey, inputs) => {
      const started = Date.now();
      return beforeDeadline(() => runAction(executeActionKey, inputs), deadline, () => {
        const action = findAction(account, { executeActionKey });
        const error = `execute action "${executeActionKey}" ${LATE_REASON}; it may still complete`;
        return E.isLeft(action) ? { kind: 'notFound' as const, message: error } : { kind: 'failed' as const, action: action.right, error, durationMs: Date.now() - started };
      });
    },
  };
};
