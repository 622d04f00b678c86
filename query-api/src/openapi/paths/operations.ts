import { answer, errorAnswer, object, operation, pathParam, Paths, queryParam, record, str } from '@support/http-edge';

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
      operationId: 'ready', summary: 'Ready once the read models are rebuilt from the log, and while writes find storage', tags: TAGS,
      description: '503 `starting` while the read models are rebuilt; 503 `storage_unavailable` for 5 s after a write failed for lack of storage (a full disk), and again while writes keep failing. Reads keep working meanwhile.',
    }, { gated: false }, {
      '200': answer('Ready.', record({ status: { const: 'ready' } })),
      '503': answer('Still rebuilding the read models, or writes found no storage within the last 5 s.', record({ status: { enum: ['starting', 'storage_unavailable'] } })),
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
    }),
  },
};
