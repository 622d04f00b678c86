import { errorAnswer, operation, pathParam, Paths, str } from '@support/http-edge';

const TAGS = ['Browser pages'];
const headers = {
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'Content-Security-Policy': { description: 'Every script, style and request from this service; no inline script.', schema: { type: 'string' } },
};
const html = (description: string) => ({ description, headers, content: { 'text/html': { schema: str('The page.') } } });
const file = { description: 'The file (JavaScript, CSS).', headers, content: { '*/*': { schema: str('The file\'s bytes.') } } };
const fileParam = pathParam('file', 'A file of the page, as the page names it (`docs.js`, `swagger-ui.css`, …).');

/** The browser pages (query-api/src/pages): no credentials; the API calls they make carry the token the reader types. */
export const pagePaths: Paths = {
  '/docs': {
    get: operation({
      operationId: 'apiReferencePage', summary: 'This document as a page (Swagger UI, served by the service): every route, schema and webhook, and try-it with a token you type', tags: TAGS,
      description: 'The token typed in Authorize stays in the page\'s memory: never in a URL or in storage.',
    }, {}, { '200': html('The API reference.') }),
  },
  '/docs/{file}': {
    get: operation({ operationId: 'apiReferenceFile', summary: 'A file of the API reference page', tags: TAGS, parameters: [fileParam] }, {}, {
      '200': file, '404': errorAnswer('No such file of the page.'),
    }),
  },
  '/audit': {
    get: operation({
      operationId: 'auditPage', summary: 'The auditor\'s page: a ticket\'s trail, event by event, each verified in the browser against the latest signed checkpoint', tags: TAGS,
      description: 'Signs in with an access token kept in the tab\'s session storage; reads GET /apis/tickets/{ticketId}/events, GET /admin/log/tickets/{ticketId}/inclusion and the list to find a ticket by number (docs/events.md).',
    }, {}, { '200': html('The audit page.') }),
  },
  '/audit/{file}': {
    get: operation({ operationId: 'auditFile', summary: 'A file of the audit page', tags: TAGS, parameters: [fileParam] }, {}, {
      '200': file, '404': errorAnswer('No such file of the page.'),
    }),
  },
  '/reports': {
    get: operation({
      operationId: 'reportsPage', summary: 'The reports page: volume, response and resolution times, SLA met and CSAT over time, per agent and per team, against the previous period; a point lists its tickets', tags: TAGS,
      description: 'Signs in with an access token kept in the tab\'s session storage; reads GET /apis/reports and lists a row\'s tickets with POST /apis/task-runs/tickets/list (docs/browser-pages.md). `from`, `to`, `over` and `clock` in the address choose the report (never the token).',
    }, {}, { '200': html('The reports page.') }),
  },
  '/reports/{file}': {
    get: operation({ operationId: 'reportsFile', summary: 'A file of the reports page (its modules, styles and the uPlot chart library)', tags: TAGS, parameters: [fileParam] }, {}, {
      '200': file, '404': errorAnswer('No such file of the page.'),
    }),
  },
};
