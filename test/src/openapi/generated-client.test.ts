import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { FakeExternal, startFakeExternal } from '../tickets/create/support/fake-external';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Under the repository, so the flow's imports (openapi-fetch) resolve from its node_modules. */
const WORK = path.join(ROOT, 'test', '.generated-client');
const FLOW_SOURCE = path.join(ROOT, 'test', 'src', 'openapi', 'generated-client-flow.txt');

describe('a client generated from the served document (openapi-typescript, openapi-fetch) drives the routes of docs/api/ without a cast', function () {
  this.timeout(120_000);
  let svc: TestService;
  let cloud: FakeCloudApi;
  let external: FakeExternal;
  before(async () => {
    cloud = await startFakeCloudApi();
    external = await startFakeExternal();
    // The demo's outside systems (ports 40xx) to the fake, then the chat app to its own fake (whose free port may be 40xxx too).
    const config: ReturnType<typeof exampleConfig> = JSON.parse(JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, external.url));
    const acme = config.accounts.find((a) => a.id === 'acme')!;
    acme.chatApp = { ...(acme.chatApp as Record<string, unknown>), apiBaseUrl: cloud.url };
    svc = await startTestService({ config });
  });
  after(async () => {
    await svc.stop();
    await cloud.stop();
    await external.stop();
    fs.rmSync(WORK, { recursive: true, force: true });
  });

  it('given the types generated from GET /openapi.json, when the flow is type-checked strictly, then there is no error, and when it runs, then every route answers as typed', async () => {
    // given the types of the served document
    const served = await svc.api('GET', '/openapi.json');
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const types = astToString(await openapiTS(served.body));
    fs.mkdirSync(WORK, { recursive: true });
    fs.writeFileSync(path.join(WORK, 'api.d.ts'), types);
    const flowTs = path.join(WORK, 'flow.mts');
    fs.writeFileSync(flowTs, fs.readFileSync(FLOW_SOURCE, 'utf8'));
    // when the flow is type-checked (no cast: `as` and `any` do not appear in it)
    const source = fs.readFileSync(flowTs, 'utf8');
    expect(source.replace(/\/\/.*$/gm, '')).to.not.match(/\bas\s+[A-Za-z{[]|\bany\b|@ts-/);
    const program = ts.createProgram([flowTs], {
      strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    // then
    expect(diagnostics).to.deep.equal([]);
    // when it runs against the service
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    const flowJs = path.join(WORK, 'flow.mjs');
    fs.writeFileSync(flowJs, js);
    const { flow } = (await import(pathToFileURL(flowJs).href)) as { flow: (baseUrl: string, token: string) => Promise<string[]> };
    const done = await flow(svc.url, TOKENS.acmeAdmin);
    // then every step answered as typed
    expect(done.map((s) => s.split(' ')[0])).to.deep.equal(['create', 'list', 'download', 'template', 'template', 'insert', 'upsert', 'execute', 'error']);
    expect(done.at(-1)).to.match(/^error 404 \S/);
  });
});
