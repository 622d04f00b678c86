import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import { authenticate, HttpAnswer, HttpProblem, ok, rateLimit, respond } from '@support/http-edge';
import {
  CommandContext, convertActionInputs, decodeRequest, describeProblem, findAction, INPUTS_NOT_OBJECT, NO_IDENTIFIER_MESSAGE, Principal,
  RunActionRequest, unknownInputErrors,
} from '@support/domain';
import { ActionRouteDeps } from './action-deps';
import { actionProblem, invalidActionRequest } from './action-problems';
import { commandContext } from '../shared/command-context';
import { recordActionRun } from './record-action-run';

const RUN_ACTION_PATH = '/apis/workflow-config-library/execute-action/run';

const isPlainObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems of the body itself: unknown keys, bad identifiers, no identifier, inputs not an object. */
const refuseBody = (body: unknown): HttpProblem | null => {
  const decoded = decodeRequest(RunActionRequest, body);
  if (E.isLeft(decoded)) return invalidActionRequest(decoded.left.problems.map(describeProblem), decoded.left.omittedProblems);
  const errors: string[] = [];
  if (decoded.right.workflowConfigLibraryId === undefined && decoded.right.executeActionKey === undefined) errors.push(NO_IDENTIFIER_MESSAGE);
  if (decoded.right.inputs !== undefined && decoded.right.inputs !== null && !isPlainObject(decoded.right.inputs)) errors.push(INPUTS_NOT_OBJECT);
  return errors.length > 0 ? invalidActionRequest(errors) : null;
};

const runAction = async (deps: ActionRouteDeps, principal: Principal, body: unknown, ctx: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const refused = refuseBody(body);
  if (refused) return E.left(refused);
  const request = body as RunActionRequest;
  const identifier = { workflowConfigLibraryId: request.workflowConfigLibraryId, executeActionKey: request.executeActionKey };
  const account = principal.account;

  const found = findAction(account, identifier);
  if (E.isLeft(found)) return E.left(found.left.kind === 'notFound' ? actionProblem(404, found.left.message) : invalidActionRequest([found.left.message]));
  const action = found.right;
  const converted = convertActionInputs(action, request.inputs, { defaultPhoneCountry: account.defaultPhoneCountry });
  const inputErrors = [...unknownInputErrors(action, request.inputs), ...(E.isLeft(converted) ? converted.left : [])];
  if (inputErrors.length > 0 || E.isLeft(converted)) return E.left(invalidActionRequest(inputErrors));

  const outcome = await deps.actions.run(account, { workflowConfigLibraryId: action.id }, request.inputs ?? {});
  switch (outcome.kind) {
    case 'notFound':
      return E.left(actionProblem(404, outcome.message));
    case 'invalidInputs':
      return E.left(invalidActionRequest(outcome.errors));
    case 'failed':
      await recordActionRun(deps, ctx, action, converted.right, outcome);
      return E.left(actionProblem(422, outcome.error, outcome.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {}));
    case 'succeeded':
      await recordActionRun(deps, ctx, action, outcome.inputs, outcome);
      return ok({ success: true, workflowConfigLibraryId: action.id, executeActionKey: action.key, result: outcome.result });
  }
};

/**
 * POST /apis/workflow-config-library/execute-action/run (docs/api/records-and-actions.md, execute action). docs/api/records-and-actions.md (who may run an action): "only access tokens
 * and account admins": every caller here presents an access token of the account (this service
 * has no app sessions), so every valid token may run an action, an agent user's too. The limit
 * (docs/api/README.md, Rate limits: 30 per hour) counts per account, shared by all of its tokens.
 */
export const runActionRoute = (router: Router, deps: ActionRouteDeps): void => {
  router.post(RUN_ACTION_PATH, authenticate(deps.directory), rateLimit('executeAction', deps.limiters), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    respond(ctx, await runAction(deps, principal, ctx.request.body, commandContext(ctx, principal, deps.clock.now())));
  });
};
