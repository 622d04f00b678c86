import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One file a page serves: its bytes (read once, at start) and its media type. */
export interface PageAsset {
  readonly body: Buffer;
  readonly type: string;
}

/** Where a page's files come from: this package's `pages/` folder, or a file of an npm package. */
export type AssetSource = { readonly page: string } | { readonly npm: string; readonly wrap?: (text: string) => string };

/** query-api/pages (beside dist/ and src/). */
const PAGES_DIR = path.resolve(__dirname, '..', '..', 'pages');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

const read = (source: AssetSource): Buffer => {
  if ('page' in source) return readFileSync(path.join(PAGES_DIR, source.page));
  const bytes = readFileSync(require.resolve(source.npm));
  return source.wrap === undefined ? bytes : Buffer.from(source.wrap(bytes.toString('utf8')), 'utf8');
};

/** Reads a page's files by name (the last segment of their URL); an unknown name is never served. */
export const loadAssets = (files: Readonly<Record<string, AssetSource>>): ReadonlyMap<string, PageAsset> =>
  new Map(Object.entries(files).map(([name, source]) => [name, { body: read(source), type: TYPES[path.extname(name)] ?? 'application/octet-stream' }]));

/** A CommonJS module of one function as an ES module, for the browser (`import f from './x.js'`). */
export const commonJsAsModule = (text: string): string => `const module = { exports: {} };\n${text}\nexport default module.exports;\n`;

/** A script that defines one global (`var name = …`, an IIFE build) as an ES module exporting it. */
export const globalAsModule = (name: string) => (text: string): string => `${text}\nexport default ${name};\n`;
