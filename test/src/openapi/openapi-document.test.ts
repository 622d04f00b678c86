import { expect } from 'chai';
import { ALL_COMPONENTS } from '@support/app';
import { openApiDocument } from '@support/app';
import { startTestService, TestService } from '../support/test-service';
import { openApiValidator } from '../support/openapi-validator';

/** `/apis/tickets/:ticketId` and `/downloads/*key` as OpenAPI writes them. */
const asTemplate = (koaPath: string) => koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*([A-Za-z0-9_]+)/g, '{$1}');

describe('The OpenAPI document (docs/openapi.json)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc?.stop();
  });

  it('given a running service, when GET /openapi.json without credentials, then it answers OpenAPI 3.1.0, version 1.0.0', async () => {
    const res = await svc.api('GET', '/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    expect(res.body.openapi).to.equal('3.1.0');
    expect(res.body.info.version).to.equal('1.0.0');
  });

  it('given the document served, then it is a valid OpenAPI 3.1 document (the official schema, references resolved)', async () => {
    const res = await svc.api('GET', '/openapi.json');
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('given every component started, then every route the gateway answers is in the document, and the document has no route the gateway lacks', () => {
    expect(svc.running.routes.length).to.be.greaterThan(20);
    const served = new Set(svc.running.routes.map((r) => `${r.method} ${asTemplate(r.path)}`));
    const documented = new Set(openApiValidator().operations());
    const undocumented = [...served].filter((r) => !documented.has(r)).sort();
    const unserved = [...documented].filter((r) => !served.has(r)).sort();
    expect(undocumented, 'routes the document does not describe').to.deep.equal([]);
    expect(unserved, 'documented routes nobody serves').to.deep.equal([]);
    expect(ALL_COMPONENTS).to.have.length(4);
  });

  it('given the document, then operationIds are unique, every operation declares its errors in the error body of docs/api/README.md and authenticated ones declare 401 and 403', () => {
    const paths = openApiDocument.paths as unknown as Record<string, Record<string, { operationId: string; security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>>;
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'operationIds are unique').to.deep.equal([]);
    for (const [template, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses['500'], `${method} ${template} 500`).to.not.equal(undefined);
        if ((op.security ?? []).length > 0) expect(Object.keys(op.responses), `${method} ${template}`).to.include.members(['401', '403']);
        for (const [status, r] of Object.entries(op.responses)) {
          if (Number(status) >= 400 && r.content?.['application/json'] === undefined) expect.fail(`${method} ${template} ${status} has no JSON error body`);
        }
      }
    }
  });

  it('given the request examples of the document, then each conforms to its own request schema', () => {
    const paths = openApiDocument.paths as unknown as Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
    let examples = 0;
    for (const [template, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        const example = op.requestBody?.content['application/json']?.example;
        if (example === undefined) continue;
        examples += 1;
        const at = ['paths', template, method, 'requestBody', 'content', 'application/json', 'schema'].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
        expect(openApiValidator().validate(at, example), `${method} ${template}`).to.deep.equal([]);
      }
    }
    expect(examples).to.be.at.least(6);
  });

  it('given the objects whose keys are the caller\'s own (records\' data, actions\' inputs), then they take any key outright (each value a FreeValue, at most 1,000 keys), so generated clients type them as maps, not as objects without keys', () => {
    const paths = openApiDocument.paths as unknown as Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
    const property = (template: string, name: string) => paths[template].post.requestBody.content['application/json'].schema.properties[name];
    for (const [template, name] of [['/apis/resources/records/insert', 'data'], ['/apis/resources/records/upsert', 'data'], ['/apis/workflow-config-library/execute-action/run', 'inputs']]) {
      expect(property(template, name), `${template} ${name}`).to.deep.include({ type: 'object', additionalProperties: { $ref: '#/components/schemas/FreeValue' }, maxProperties: 1_000 });
    }
  });

  it('given the document, then it names no jsonSchemaDialect (3.1\'s default; validating proxies such as Prism skip documents that name one) and no path parameter spans segments', () => {
    expect(openApiDocument).to.not.have.property('jsonSchemaDialect');
    expect(JSON.stringify(openApiDocument)).to.not.contain('x-matches-slashes');
  });
});
