import * as E from 'fp-ts/Either';
import {
  ActionRunner, ActionRunOutcome, ConfiguredHttp, convertActionInputs, evaluateActionOutput, ExecuteAction, findAction, HttpCallFailure,
} from '@support/domain';

/** Timeout of an action whose request configures none. */
const DEFAULT_ACTION_TIMEOUT_MS = 10_000;

const failureMessage = (f: HttpCallFailure): string => {
  switch (f.kind) {
    case 'timeout':
      return `The action's API did not answer within ${f.timeoutMs} ms`;
    case 'network':
      return `The action's API could not be reached (${f.message})`;
    case 'invalidUrl':
      return `The action's URL could not be built: ${f.message}`;
  }
};

/** The JSON body of the configured request: the inputs, or a fixed body, or none. */
const requestBody = (action: ExecuteAction, inputs: Readonly<Record<string, unknown>>): unknown =>
  action.request.body === 'inputs' ? inputs : action.request.body;

/**
 * Execute actions over the configured HTTP request (docs/api/records-and-actions.md, execute action): find the action by id (which
 * wins) or key, convert the inputs by the action's types, let fixed inputs override them, call
 * the request (URL placeholders filled from the inputs, configured headers, the inputs as JSON
 * body when the request says "inputs", the configured timeout), and evaluate the JSONata output
 * over { status, headers, body, inputs }. A non-2xx answer, no answer, or a failing expression
 * is a failed run.
 */
export const configuredActionRunner = (http: ConfiguredHttp): ActionRunner => ({
  run: async (account, identifier, suppliedInputs): Promise<ActionRunOutcome> => {
    const found = findAction(account, identifier);
    if (E.isLeft(found)) {
      return found.left.kind === 'notFound' ? { kind: 'notFound', message: found.left.message } : { kind: 'invalidInputs', errors: [found.left.message] };
    }
    const action = found.right;
    const converted = convertActionInputs(action, suppliedInputs, { defaultPhoneCountry: account.defaultPhoneCountry });
    if (E.isLeft(converted)) return { kind: 'invalidInputs', errors: converted.left };
    const inputs = converted.right;

    const answer = await http.call(action.request, {
      placeholders: inputs, jsonBody: requestBody(action, inputs), defaultTimeoutMs: DEFAULT_ACTION_TIMEOUT_MS, caller: { accountId: account.id, purpose: 'action' },
    });
    if (E.isLeft(answer)) return { kind: 'failed', action, error: failureMessage(answer.left), durationMs: answer.left.durationMs };
    const response = answer.right;
    if (response.status < 200 || response.status > 299) {
      return { kind: 'failed', action, error: `The action's API answered HTTP ${response.status}`, httpStatus: response.status, durationMs: response.durationMs };
    }
    const output = await evaluateActionOutput(action.output, { status: response.status, headers: response.headers, body: response.body, inputs });
    if (E.isLeft(output)) {
      return { kind: 'failed', action, error: `The action's output expression failed: ${output.left}`, httpStatus: response.status, durationMs: response.durationMs };
    }
    return { kind: 'succeeded', action, result: output.right, httpStatus: response.status, durationMs: response.durationMs, inputs };
  },
});
