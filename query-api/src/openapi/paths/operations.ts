import { answer, arrayOf, errorAnswer, int, mapOf, object, operation, pathParam, Paths, queryParam, record, str } from '@support/http-edge';

const TAGS = ['Operations'];
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };

export const operationPaths: Paths = {
  '/health/live': {
    get: operation({ operationId: 'live', summary: 'The process answers', tags: TAGS }, { gated: false }, {
      '200': answer('Live.', record({ status: { const: 'live' } })),
    }),
  },
  '/health/ready': {
    get: operation({
      operationId: 'ready', summary: 'Ready once the read models are rebuilt from the log, while writes find storage and the read models keep up', tags: TAGS,
      description: '503 `starting` while the read models are rebuilt; 503 `storage_unavailable` after a write failed for lack of storage (a full disk), until a write succeeds again; 503 `projections_behind` while a read model has not applied an event of the log for longer than the read-your-writes wait (5 s): commands then answer before the lists show them. Reads keep working meanwhile.',
    }, { gated: false }, {
      '200': answer('Ready; `parkedEvents` counts, per read model, the events it could not apply and skipped (GET /admin/parked-events).', object({
        status: { const: 'ready' }, parkedEvents: mapOf(int()),
      }, ['status'])),
      '503': answer('Still rebuilding the read models, writes find no storage, or read models lag behind the log (`readModels` names them).', object({
        status: { enum: ['starting', 'storage_unavailable', 'projections_behind'] },
        readModels: arrayOf(str()), parkedEvents: mapOf(int()),
      }, ['status'])),
    }),
  },
  '/metrics': {
    get: operation({ operationId: 'metrics', summary: 'Metrics in the Prometheus text format (no authentication; no personal data in labels)', tags: TAGS }, { gated: false }, {
      '200': { description: 'The metric families of this process.', headers: requestIdHeader, content: { 'text/plain': { schema: str('Prometheus text exposition format 0.0.4.') } } },
    }),
  },
  '/openapi.json': {
    get: operation({ operationId: 'openApiDocument', summary: 'This document', tags: TAGS }, { gated: false }, {
      '200': answer('The OpenAPI 3.1 document.', object({ openapi: { const: '3.1.0' } }, ['openapi'])),
    }),
  },
  '/downloads/{key}': {
    get: operation({
      operationId: 'download', summary: 'A file of the embedded blob store through a signed URL (the signature is the credential)', tags: TAGS,
      description: 'Handed out by the export status route as downloadUrl: use the link as it is.',
      parameters: [
        pathParam('key', 'The blob key, one path segment: its `/` are percent-encoded (`exports%2Facme%2F...`).'), queryParam('expires', 'Expiry (epoch seconds), signed.', str(), true),
        queryParam('signature', 'HMAC of key and expiry.', str(), true), queryParam('filename', 'The name the download is saved under.'),
      ],
    }, {}, {
      '200': { description: 'The file.', headers: requestIdHeader, content: { '*/*': { schema: str('The file\'s bytes (text/csv for exports).') } } },
      '403': errorAnswer('A tampered or expired URL (`reason`).'),
      '404': errorAnswer('The file is past its retention (`reason: not_found`).'),
      '410': errorAnswer('The export\'s file was withdrawn after an erasure of a customer it held (`reason: withdrawn`; the message says why): start a new export.'),
    }),
  },
};
