import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The node flags `npm start` passes (package.json scripts.start: `node <flags> app/dist/start-all.js`), so a bench runs the service as it is run. */
export const SERVICE_NODE_FLAGS: readonly string[] = (() => {
  const start = String(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.start ?? '');
  return /\bnode((?: --\S+)*) app\/dist\/start-all\.js/.exec(start)?.[1].trim().split(/\s+/).filter(Boolean) ?? [];
})();
