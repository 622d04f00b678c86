import { expect } from 'chai';
import Router from '@koa/router';
import { Feature } from '@support/app';
import { TOKENS } from '../support/example-config';
import { OpenApiValidator, ReceivedAnswer } from '../support/openapi-validator';
import { startTestService, TestService } from '../support/test-service';

const answer = (over: Partial<ReceivedAnswer> & { body?: unknown; headerValues?: Record<string, string> }): ReceivedAnswer => ({
  method: over.method ?? 'POST',
  url: over.url ?? '/apis/task-runs/tickets/list',
  status: over.status ?? 200,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1', ...(over.headerValues ?? {}) }),
  text: over.text ?? JSON.stringify(over.body ?? {}),
});

const listPage = { data: [{ id: 't-1', ticketNumber: 1, status: 'open', summary: null, orderName: null, source: 'manual', manualSourceLabel: null, customerId: 'c-1', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: null }], total: 1, page: 1, limit: 10, totalPages: 1 };

/** A route the document describes (message status), answering a shape the document does not allow. */
const wrongShapeFeature: Feature = {
  name: 'wrong-shape',
  queryRoutes: () => {
    const router = new Router();
    router.get('/apis/chatapp/messages/:id', (ctx) => {
      ctx.body = { messageId: 42, status: 'delivered-ish' };
    });
    return router;
  },
};

describe('Answers are validated against the OpenAPI document', () => {
  const validator = new OpenApiValidator();

  it('given a list page of the documented shape, then it conforms', () => {
    expect(validator.check(answer({ body: listPage }))).to.deep.equal([]);
  });

  it('given a list page whose total is a string and whose item lacks createdAt, then each problem is named', () => {
    const { createdAt: _dropped, ...item } = listPage.data[0];
    const problems = validator.check(answer({ body: { ...listPage, total: '1', data: [item] } }));
    expect(problems.join('\n')).to.contain('/total must be integer').and.to.contain("must have required property 'createdAt'");
  });

  it('given a status the operation does not declare, then it fails', () => {
    expect(validator.check(answer({ status: 418, body: { error: 'teapot' } }))[0]).to.contain('status 418 is not documented');
  });

  it('given a 429 without its X-RateLimit headers, then it fails naming them', () => {
    const problems = validator.check(answer({ status: 429, body: { error: 'Too Many Requests', message: 'slow down', retryAfter: 3 } }));
    expect(problems.join('\n')).to.contain('X-RateLimit-Limit is required').and.to.contain('Retry-After is required');
  });

  it('given an error body with neither error nor message, then it fails', () => {
    expect(validator.check(answer({ status: 400, body: { reason: 'bad' } }))).to.not.deep.equal([]);
  });

  it('given an answer to a path the document does not know that is not a 404, then it fails', () => {
    expect(validator.check(answer({ url: '/apis/unknown', status: 200, body: {} }))[0]).to.contain('no path of the document matches');
  });

  it('given an NDJSON event feed with a line lacking its position, then that line fails', () => {
    const line = { position: '3/3', streamName: 'ticket-1', revision: '0', id: 'e-1', type: 'TicketCreated', created: '2026-03-01T10:00:00.000Z', data: {}, metadata: { version: 1 } };
    const { position: _dropped, ...withoutPosition } = line;
    const feed = (lines: unknown[]) => answer({ method: 'GET', url: '/admin/events?follow=false', headerValues: { 'content-type': 'application/x-ndjson; charset=utf-8' }, text: lines.map((l) => `${JSON.stringify(l)}\n`).join('') });
    expect(validator.check(feed([line, line]))).to.deep.equal([]);
    expect(validator.check(feed([line, withoutPosition])).join('\n')).to.contain("line 2: (body) must have required property 'position'");
  });

  describe('through the test client', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService({ features: [wrongShapeFeature] });
    });
    after(async () => {
      await svc?.stop();
    });

    it('given a route answering a shape the document does not allow, when a test calls it, then the call fails with the mismatch', async () => {
      let failure: Error | undefined;
      await svc.api('GET', '/apis/chatapp/messages/m-1', { token: TOKENS.acmeAdmin }).catch((e: Error) => {
        failure = e;
      });
      expect(failure?.message).to.contain('does not match /openapi.json').and.to.contain('/messageId must be string');
    });
  });
});
