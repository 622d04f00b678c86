import { DomainEvent } from '../shared/decider';

const ACTION_RUN_STREAM_PREFIX = 'action_run-';
/** One small stream per run of an execute action. */
export const actionRunStream = (runId: string): string => `${ACTION_RUN_STREAM_PREFIX}${runId}`;

/**
 * A run of an execute action (docs/api/records-and-actions.md, execute action), for audit: which action, the inputs sent (secret-looking
 * names redacted; header values are never part of it), the outcome and how long the call took.
 */
export type ExecuteActionRan = DomainEvent<'ExecuteActionRan', {
  readonly runId: string;
  readonly actionId: string;
  readonly actionKey: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly outcome: 'succeeded' | 'failed';
  readonly httpStatus: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}>;
