import { answer, arrayOf, bool, errorAnswer, int, jsonRequestBody, mapOf, nullable, object, operation, pathParam, Paths, queryParam, record, ref, str } from '@support/http-edge';

const TAGS = ['Admin (read only)'];

const listParam = (name: string, description: string) => ({ ...queryParam(name, `${description} May repeat or hold a comma-separated list.`, arrayOf(str())), style: 'form', explode: true });

const collection = pathParam('collection', 'A collection owned by a read model (GET /admin/read-models lists them).');
const unknownCollection = errorAnswer('No read model has that collection.');
const refused = errorAnswer('A body that is not a query: an unknown field, a filter key that is not a field path, a condition other than a value, ne, or lt/lte/gt/gte, a bad sort or page.');

export const adminPaths: Paths = {
  '/admin/events': {
    get: operation({
      operationId: 'readEventFeed', summary: 'The event log as NDJSON, read only; follow=true keeps it open and live', tags: TAGS,
      parameters: [
        listParam('stream', 'Stream names.'), listParam('prefix', 'Stream name prefixes.'), listParam('ticket', 'Ticket ids: the ticket\'s stream and every event naming it.'),
        listParam('type', 'Event types.'), listParam('account', 'Account ids (an account admin: only its own).'),
        queryParam('from', 'Exclusive position, as printed in each line (`commit/prepare`).', str(undefined, { pattern: '^[0-9]+(/[0-9]+)?$' })),
        queryParam('follow', 'true: after the stored events, each new event as it is appended.', { enum: ['true', 'false', '1', '0', ''] }),
      ],
    }, { auth: 'admin' }, {
      '200': {
        description: 'One event per line, in global order.',
        headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
        content: { 'application/x-ndjson': { schema: str('Lines of JSON, each a FeedEvent.'), 'x-line-schema': ref('FeedEvent') } },
      },
      '400': errorAnswer('An unknown parameter or a malformed position.'),
    }),
  },
  '/admin/read-models': {
    get: operation({ operationId: 'listReadModels', summary: 'The read models, their collections, fields and indexes', tags: TAGS }, { auth: 'admin' }, {
      '200': answer('The catalog.', record({
        readModels: arrayOf(record({
          name: str(),
          version: int(),
          collections: arrayOf(record({
            name: str(), fields: arrayOf(str()), lists: arrayOf(str('Fields holding lists; a value condition matches when the list holds it.')),
            search: nullable(str('The field found by any fragment of its text.')), indexes: arrayOf(record({ name: str(), fields: arrayOf(str()) })),
          })),
        })),
      })),
    }),
  },
  '/admin/read-models/{collection}/find': {
    post: operation({
      operationId: 'findReadModelDocuments', summary: 'Find documents of a read model by conditions on fields (account admins: scoped to their account)', tags: TAGS, parameters: [collection],
      requestBody: jsonRequestBody(object({
        filter: ref('ReadModelFilter'), sort: { ...mapOf({ enum: [1, -1] }), maxProperties: 10 },
        skip: int(undefined, { minimum: 0, maximum: 1_000_000 }), limit: int(undefined, { minimum: 1, maximum: 1000 }),
      }, [], { closed: true }), false),
    }, { auth: 'admin', jsonBody: true }, {
      '200': answer('The documents.', record({ collection: str(), documents: arrayOf(object({})), skip: int(), limit: int(), hasMore: bool() })),
      '400': refused,
      '404': unknownCollection,
    }),
  },
  '/admin/read-models/{collection}/count': {
    post: operation({
      operationId: 'countReadModelDocuments', summary: 'Count the documents of a read model matching a filter', tags: TAGS, parameters: [collection],
      requestBody: jsonRequestBody(object({ filter: ref('ReadModelFilter') }, [], { closed: true }), false),
    }, { auth: 'admin', jsonBody: true }, {
      '200': answer('The count.', record({ collection: str(), count: int(undefined, { minimum: 0 }) })),
      '400': refused,
      '404': unknownCollection,
    }),
  },
  '/admin/parked-events': {
    get: operation({
      operationId: 'listParkedEvents', summary: 'The events the projections could not apply and parked (operator token only)', tags: TAGS,
      description: 'A parked event is one a read model skipped after a few failed tries: the read model lacks what it would have written until a retry applies it.',
    }, { auth: 'admin' }, {
      '200': answer('The parked events, by read model, oldest first.', record({
        data: arrayOf(object({
          readModel: str(), eventId: str(), streamName: str(), revision: str(), eventType: str(), position: str(),
          errorMessage: str('The projection\'s error (at most 500 characters).'), attempts: int(), parkedAt: str(), retryRequestedAt: str('When a retry was asked for, if one is pending.'),
        }, ['readModel', 'eventId', 'streamName', 'revision', 'eventType', 'position', 'errorMessage', 'attempts', 'parkedAt'])),
      })),
      '403': errorAnswer('Not the operator token.'),
    }),
  },
  '/admin/parked-events/{readModel}/{eventId}/retry': {
    post: operation({
      operationId: 'retryParkedEvent', summary: 'Ask the projection to apply a parked event again, in its next batch (operator token only)', tags: TAGS,
      parameters: [pathParam('readModel', 'The read model that parked it.'), pathParam('eventId', 'The parked event\'s id.')],
    }, { auth: 'admin' }, {
      '202': answer('Asked: the event leaves GET /admin/parked-events once applied, or stays with its new error.', record({ status: { const: 'retry_requested' }, readModel: str(), eventId: str() })),
      '403': errorAnswer('Not the operator token.'),
      '404': errorAnswer('No such event is parked in that read model.'),
    }),
  },
};
