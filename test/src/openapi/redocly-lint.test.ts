import { expect } from 'chai';
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { openApiDocument } from '@support/app';

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the OpenAPI document under Redocly\'s lint (its recommended rules, redocly.yaml)', function () {
  this.timeout(30_000);

  // Linted as docs/openapi.json (the file npm run openapi writes, equal to the served document), so the
  // ignores apply as they do to `npx @redocly/cli lint docs/openapi.json`.
  it('given the served document as docs/openapi.json, then Redocly finds no error and no warning but those listed with a reason in redocly.yaml and .redocly.lint-ignore.yaml', async () => {
    const config = await loadConfig({ configPath: path.join(ROOT, 'redocly.yaml') });
    const problems = await lintFromString({ source: JSON.stringify(openApiDocument), absoluteRef: path.join(ROOT, 'docs', 'openapi.json'), config });
    const left = problems.filter((p) => p.ignored !== true).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`);
    expect(left).to.deep.equal([]);
  });
});
