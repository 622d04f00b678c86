import { expect } from 'chai';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Every package's TypeScript sources, the tests' included. */
const SOURCES = ['domain', 'event-sourcing', 'http-edge', 'adapters', 'store-reference', 'command-api', 'query-api', 'projectors', 'workers', 'app', 'test']
  .map((p) => path.join(ROOT, p, 'src'));

/** The part of madge's API this test uses (the package has no types of its own). */
type Madge = (paths: string[], config: Record<string, unknown>) => Promise<{ circular(): string[][] }>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const madge = require('madge') as Madge;

describe('import circles', function () {
  this.timeout(120_000);

  it('given every package\'s TypeScript sources, when madge follows their imports, then no file imports itself through others', async () => {
    const graph = await madge(SOURCES, {
      baseDir: ROOT,
      fileExtensions: ['ts'],
      tsConfig: path.join(ROOT, 'tsconfig.base.json'),
      // A package's import resolves to its build output: the circles there are the sources' again.
      excludeRegExp: [/[\\/]dist[\\/]/, /[\\/]node_modules[\\/]/],
    });
    expect(graph.circular().map((circle) => circle.join(' > '))).to.deep.equal([]);
  });
});
