import { answer, arrayOf, errorAnswer, freeObject, int, jsonRequestBody, object, operation, Paths, rateLimitedSuccessHeaders, str, text, TEXT_MAX } from '@support/http-edge';

const failure = (extra: Record<string, unknown> = {}) => object({ error: str(), message: str(), success: { const: false }, errors: arrayOf(str()), ...extra }, ['error']);

export const actionPaths: Paths = {
  '/apis/workflow-config-library/execute-action/run': {
    post: operation({
      operationId: 'runExecuteAction', summary: 'Run one configured execute action (docs/api/records-and-actions.md, execute action)', tags: ['Execute actions'],
      requestBody: jsonRequestBody(object({
        workflowConfigLibraryId: text(TEXT_MAX.id, 'Wins over executeActionKey.'), executeActionKey: text(TEXT_MAX.id),
        inputs: freeObject('The action\'s inputs by name, as the action declares them.', 1_000),
      }, [], { closed: true }), true, {
        executeActionKey: 'check_eligibility', inputs: { orderId: 'A-1001', amount: '49.90', express: 'true' },
      }),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '200': answer('The action ran; result is its output expression\'s value.', object({
        success: { const: true }, workflowConfigLibraryId: str(), executeActionKey: str(), result: {},
      }, ['success', 'workflowConfigLibraryId', 'result']), rateLimitedSuccessHeaders),
      '400': errorAnswer('No identifier, inputs not an object, an unknown key, or inputs missing or invalid (`errors` lists each, with `success: false`); a body the edge refuses before the route reads it (malformed JSON, forbidden keys, too deep) has the body of 2.1 alone.', failure()),
      '404': errorAnswer('No such action in the account.', failure()),
      '422': errorAnswer('The action ran but failed: the API answered non-2xx, did not answer in time, or the output expression failed.', failure({ httpStatus: int() })),
    }),
  },
};
