import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** The node flags an npm script passes to a file of app/dist (package.json scripts.<script>: `node <flags> app/dist/<file>`). */
export const scriptNodeFlags = (script: string, file: string): readonly string[] => {
  const command = String(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts?.[script] ?? '');
  const escaped = file.replace(/[.]/g, '\\.');
  return new RegExp(`\\bnode((?: --\\S+)*) app/dist/${escaped}`).exec(command)?.[1].trim().split(/\s+/).filter(Boolean) ?? [];
};

/** The node flags `npm start` passes (package.json scripts.start: `node <flags> app/dist/start-all.js`), so a bench runs the service as it is run. */
export const SERVICE_NODE_FLAGS: readonly string[] = scriptNodeFlags('start', 'start-all.js');
