import * as E from 'fp-ts/Either';
import { ActionRunOutcome, actionRunStream, CommandContext, ExecuteAction, ExecuteActionRan, Logger, redactSecretInputs, thrownMessage } from '@support/domain';
import { recordFact, WriteDeps } from '@support/event-sourcing';

interface RecordRunDeps extends WriteDeps {
  readonly logger: Logger;
}

type Ran = Extract<ActionRunOutcome, { kind: 'succeeded' | 'failed' }>;

const actionRanEvent = (runId: string, action: ExecuteAction, inputs: Readonly<Record<string, unknown>>, outcome: Ran): ExecuteActionRan => ({
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
  const notRecorded = (errorMessage: string) => deps.logger.error('execute action run not recorded', { runId, actionId: action.id, requestId: ctx.requestId, errorMessage });
  try {
    const recorded = await recordFact(deps, actionRunStream(runId), actionRanEvent(runId, action, inputs, outcome), ctx, 'new');
    if (E.isLeft(recorded)) notRecorded(`the run's stream ${recorded.left.streamName} exists already`);
  } catch (e) {
    notRecorded(thrownMessage(e));
  }
};
