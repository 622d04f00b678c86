import { Account, ExecuteAction } from '../config/account-config';

/** How an execute action is named by a caller (docs/api/records-and-actions.md, execute action): the id wins over the key. */
export interface ActionIdentifier {
  readonly workflowConfigLibraryId?: string;
  readonly executeActionKey?: string;
}

export type ActionRunOutcome =
  /** No action of the account has that id or key. */
  | { readonly kind: 'notFound'; readonly message: string }
  /** Inputs missing or not convertible: each problem, worded to say what to fix. */
  | { readonly kind: 'invalidInputs'; readonly errors: readonly string[] }
  /** The action ran but failed: non-2xx answer, timeout, network failure or failing output expression. */
  | { readonly kind: 'failed'; readonly action: ExecuteAction; readonly error: string; readonly httpStatus?: number; readonly durationMs: number }
  | { readonly kind: 'succeeded'; readonly action: ExecuteAction; readonly result: unknown; readonly httpStatus: number; readonly durationMs: number; readonly inputs: Readonly<Record<string, unknown>> };

/**
 * Runs one configured execute action with one set of inputs: inputs converted by the action's
 * types, fixed inputs override supplied ones, the configured request, the output expression.
 * Used by the execute-action route (docs/api/records-and-actions.md, execute action) and by task evaluation (docs/api/tickets.md). Recording the run as an
 * event is the caller's business (each caller records it in its own stream).
 */
export interface ActionRunner {
  run(account: Account, identifier: ActionIdentifier, inputs: unknown): Promise<ActionRunOutcome>;
}
