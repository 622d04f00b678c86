import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../openapi/openapi-document';

/**
 * `npm run openapi`: writes the OpenAPI document the service serves at GET /openapi.json to
 * docs/openapi.json, so the API reference can be read (and opened in a viewer) without running the
 * service. `npm run openapi -- --check` writes nothing and exits 1 when the file differs.
 * test/src/docs/openapi-file.test.ts checks that the file equals what a running service serves.
 */
export const OPENAPI_FILE = path.resolve(__dirname, '..', '..', '..', 'docs', 'openapi.json');

/**
 * The document with what may depend on where the service runs taken out: an absolute `servers`
 * URL (PUBLIC_BASE_URL, host and port) becomes its path, so the file and a served document compare
 * equal whatever the port. The served document names `/` today; this keeps the comparison honest
 * if it ever names the public base URL.
 */
export const normaliseOpenApi = (doc: unknown): unknown => {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  const d = doc as Record<string, unknown>;
  if (!Array.isArray(d.servers)) return doc;
  const servers = d.servers.map((s) => {
    if (typeof s !== 'object' || s === null || typeof (s as { url?: unknown }).url !== 'string') return s;
    const url = (s as { url: string }).url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
    return { ...(s as object), url: url === '' ? '/' : url };
  });
  return { ...d, servers };
};

/** The file's text: the normalised document, two-space indented, one trailing newline. */
const openApiFileText = (doc: unknown): string => `${JSON.stringify(normaliseOpenApi(doc), null, 2)}\n`;

const main = (): void => {
  // The document served is this same value serialized (app/src/openapi/openapi-route.ts).
  const text = openApiFileText(JSON.parse(JSON.stringify(openApiDocument)));
  const relative = path.relative(process.cwd(), OPENAPI_FILE) || OPENAPI_FILE;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OPENAPI_FILE, 'utf8');
    } catch {
      // missing: differs
    }
    if (current !== text) {
      process.stderr.write(`${relative} is not the document the service serves: run npm run openapi\n`);
      process.exit(1);
    }
    process.stdout.write(`${relative} is up to date\n`);
    return;
  }
  writeFileSync(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${relative} (${Object.keys(openApiDocument.paths).length} paths)\n`);
};

if (require.main === module) main();
