import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const run = promisify(execFile);

/**
 * npm 12 runs a dependency's install scripts only when package.json's `allowScripts` approves them
 * (issue 57): the project says which may run (better-sqlite3 builds the embedded engines' SQLite;
 * protobufjs's postinstall the KurrentDB client needs) and which may not (@scarf/scarf sends install
 * analytics), and leaves none unreviewed, so an install under that policy blocks nothing the service
 * needs (README: `npm install && npm start`).
 */
describe('install scripts: every dependency\'s reviewed in package.json (allowScripts)', function () {
  this.timeout(60_000);

  it('given package.json, then better-sqlite3 and protobufjs may run their install scripts and @scarf/scarf may not', () => {
    const allowScripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> }).allowScripts;
    expect(allowScripts).to.deep.equal({ 'better-sqlite3': true, protobufjs: true, '@scarf/scarf': false });
  });

  it('given the installed dependencies, when npm lists the install scripts no allowScripts entry covers, then there is none', async function () {
    const listed = await run('npm', ['install-scripts', 'ls'], { cwd: ROOT }).catch((e: { stdout?: string; stderr?: string }) => e);
    const text = `${listed.stdout ?? ''}${listed.stderr ?? ''}`;
    // npm before 11.x has no install-script policy (nor the command): nothing it would block.
    if (/Unknown command|unknown command/.test(text)) this.skip();
    expect(text).to.contain('No packages with unreviewed install scripts');
  });
});
