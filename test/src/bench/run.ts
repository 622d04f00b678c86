import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench` runs every benchmark; `npm run bench -- <name> [<name>...]` runs the named ones
 * (file test/src/bench/<name>.bench.ts). Each prints its figures and the command that reproduces them.
 */
const main = async () => {
  process.env.LOG_LEVEL = 'silent';
  const available = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .map((f) => f.replace(/\.bench\.js$/, ''))
    .sort();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !available.includes(w));
  if (unknown.length > 0) {
    process.stderr.write(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}\n`);
    process.exit(2);
  }
  for (const name of wanted.length > 0 ? wanted : available) {
    process.stdout.write(`\n=== bench: ${name} ===\n`);
    const mod = (await import(path.join(__dirname, `${name}.bench.js`))) as { run: () => Promise<void> };
    await mod.run();
  }
};

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  },
);
