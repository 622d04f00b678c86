import { answer, arrayOf, errorAnswer, freeObject, int, jsonRequestBody, object, operation, Paths, ref, text, TEXT_MAX } from '@support/http-edge';

/** The most keys a record's data may have (a resource declares far fewer fields). */
const MAX_DATA_KEYS = 1_000;

const TAGS = ['Resources'];

const recordAnswer = (extra: Record<string, unknown>, required: readonly string[]) => object({
  success: { const: true }, ...extra, record: ref('ResourceRecord'), conflicts: arrayOf(ref('RecordConflict')), conflictCount: int(undefined, { minimum: 0 }),
}, ['success', 'record', 'conflicts', 'conflictCount', ...required]);

const refusal = errorAnswer('A required field is missing (`objectId is required`), `Unknown resource field "..."` (with acceptedFields), a value that does not convert, a missing required resource field, or (upsert) more than one record matching (with matchingRecordIds); `errors` lists every problem when there are several.');
const noResource = errorAnswer('The resource does not exist in the token\'s account.');

export const recordPaths: Paths = {
  '/apis/resources/records/insert': {
    post: operation({
      operationId: 'insertRecord', summary: 'Insert a resource record (docs/api/records-and-actions.md, Insert)', tags: TAGS,
      requestBody: jsonRequestBody(object({ objectId: text(TEXT_MAX.id), data: freeObject('The record\'s fields by key, as the resource declares them.', MAX_DATA_KEYS) }, ['objectId', 'data'], { closed: true }), true, { objectId: 'obj-inventory', data: { sku: 'KET-1', qty: '12' } }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('The record added.', recordAnswer({}, [])),
      '400': refusal,
      '404': noResource,
    }),
  },
  '/apis/resources/records/upsert': {
    post: operation({
      operationId: 'upsertRecord', summary: 'Insert or update a resource record by an identifier (docs/api/records-and-actions.md, Upsert)', tags: TAGS,
      requestBody: jsonRequestBody(object({ objectId: text(TEXT_MAX.id), idField: text(TEXT_MAX.id), idValue: ref('FreeValue'), data: freeObject('The fields to set, by key, as the resource declares them.', MAX_DATA_KEYS) }, ['objectId', 'idField', 'idValue', 'data'], { closed: true }), true, {
        objectId: 'obj-inventory', idField: 'sku', idValue: 'KET-1', data: { qty: 11 },
      }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('The record inserted or updated.', recordAnswer({ operation: { enum: ['inserted', 'updated'] } }, ['operation'])),
      '400': refusal,
      '404': noResource,
    }),
  },
};
