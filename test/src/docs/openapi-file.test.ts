import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { normaliseOpenApi, OPENAPI_FILE } from '@support/app/dist/scripts/write-openapi';
import { startTestService, TestService } from '../support/test-service';

/**
 * docs/openapi.json (written by `npm run openapi`) is the document the running service serves at
 * GET /openapi.json: the API reference in the repository cannot drift from the code.
 */
describe('docs/openapi.json', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc?.stop();
  });

  it('given the app started with the demo configuration, when GET /openapi.json, then the answer equals docs/openapi.json (after taking out the host and port)', async () => {
    const res = await svc.api('GET', '/openapi.json');
    expect(res.status).to.equal(200);
    const file = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(normaliseOpenApi(file), 'docs/openapi.json differs from the served document: run `npm run openapi` and commit the file').to.deep.equal(normaliseOpenApi(res.body));
  });

  it('given the served document, when normalised, then a servers URL with the test port becomes its path (so the port never makes a difference)', () => {
    const served = { openapi: '3.1.0', servers: [{ url: `${svc.url}/`, description: 'x' }, { url: '/' }] };
    expect(normaliseOpenApi(served)).to.deep.equal({ openapi: '3.1.0', servers: [{ url: '/', description: 'x' }, { url: '/' }] });
  });
});
