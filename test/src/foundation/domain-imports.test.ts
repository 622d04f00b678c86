import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';

const DOMAIN = path.resolve(__dirname, '..', '..', '..', 'domain', 'src');

/**
 * What the domain may import at run time: its own files and the pure libraries it computes with.
 * `node:crypto` is there for hashes (stream names of claims, token digests): computation, no I/O.
 * Type-only imports load nothing and are not counted.
 */
const ALLOWED = ['fp-ts', 'io-ts', 'luxon', 'jsonata', 'libphonenumber-js', 'node:crypto'];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith('.ts') ? [full] : [];
  });

/** Every module a file imports at run time (import ... from, export ... from, import(), require()). */
const runtimeImports = (source: string): string[] => {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)) if (m[2] === undefined) found.push(m[3]);
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of source.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
};

const allowed = (module: string): boolean =>
  module.startsWith('.') || ALLOWED.some((a) => module === a || module.startsWith(`${a}/`));

describe('the domain does no I/O (import rule)', () => {
  it('given every source file of the domain, then each imports only its own files and pure libraries: no node: module but hashing, no engine client, no timer', () => {
    const files = sourceFiles(DOMAIN);
    expect(files.length).to.be.greaterThan(50);
    const offending = files.flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      const imports = runtimeImports(source).filter((m) => !allowed(m)).map((m) => `${path.relative(DOMAIN, file)} imports ${m}`);
      const timers = /\b(setTimeout|setInterval|setImmediate)\s*\(/.test(source) ? [`${path.relative(DOMAIN, file)} uses a timer`] : [];
      return [...imports, ...timers];
    });
    expect(offending).to.deep.equal([]);
  });

  it('given a file that imports a node: module, an engine client or uses a timer, then the rule finds it (the rule can fail)', () => {
    const source = "import { performance } from 'node:perf_hooks';\nimport type { Readable } from 'node:stream';\nexport { MongoClient } from 'mongodb';\nconst x = require('nats');\n";
    expect(runtimeImports(source).filter((m) => !allowed(m))).to.deep.equal(['node:perf_hooks', 'mongodb', 'nats']);
  });
});
