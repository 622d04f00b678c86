import {
  ActionRunOutcome, actionRunStream, CommandContext, EventStore, ExecuteAction, ExecuteActionRan, IdGenerator, Logger, redactSecretInputs, toEventData,
} from '@support/domain';

export interface RecordRunDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly logger: Logger;
}

type Ran = Extract<ActionRunOutcome, { kind: 'succeeded' | 'failed' }>;

export const actionRanEvent = (runId: string, action: ExecuteAction, inputs: Readonly<Record<string, unknown>>, outcome: Ran): ExecuteActionRan => ({
  type: 'ExecuteActionRan',
  data: {
    runId,
    actionId: action.id,
    actionKey: action.key,
    inputs: redactSecretInputs(inputs),
    outcome: outcome.kind,
    httpStatus: outcome.httpStatus ?? null,
    error: outcome.kind === 'failed' ? outcome.error : null,
    durationMs: outcome.durationMs,
  },
});

/**
 * Records a run on its own stream `action_run-<uuid>`. The action has already run (its effects
 * happened), so a failure to record is logged rather than turned into an error for the caller,
 * who would otherwise retry and run it twice.
 */
export const recordActionRun = async (deps: RecordRunDeps, ctx: CommandContext, action: ExecuteAction, inputs: Readonly<Record<string, unknown>>, outcome: Ran): Promise<void> => {
  const runId = deps.newId();
  try {
    await deps.eventStore.appendToStream(actionRunStream(runId), [toEventData(actionRanEvent(runId, action, inputs, outcome), ctx, deps.newId)], { expectedRevision: 'no_stream' });
  } catch (e) {
    deps.logger.error('execute action run not recorded', { runId, actionId: action.id, requestId: ctx.requestId, errorMessage: e instanceof Error ? e.message : String(e) });
  }
};
