import path from 'node:path';
import { processLogger } from '@support/adapters';
import { loadReferenceCatalog, startReferenceStore } from '@support/store-reference';

/**
 * `npm run start:store-reference`: the reference store system of docs/api/orders.md on its own, over a JSON
 * catalog. PORT (default 4040), HOST (default 127.0.0.1), STORE_CATALOG (default the demo catalog
 * app/config/store-catalog.json), STORE_RATE_LIMIT_PER_MINUTE (per token, default 600),
 * STORE_FAULT_HEADER=1 (honour `X-Store-Fault: 503` and the like). One audit line per request on stdout.
 */
const DEMO_CATALOG = path.resolve(__dirname, '..', 'config', 'store-catalog.json');

const positiveInt = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535 * 1000) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
};

const start = async () => {
  const file = path.resolve(process.env.STORE_CATALOG?.trim() || DEMO_CATALOG);
  const catalog = loadReferenceCatalog(file);
  const store = await startReferenceStore({
    catalog,
    port: positiveInt('PORT', 4040),
    host: process.env.HOST?.trim() || '127.0.0.1',
    rateLimit: { limit: Math.max(1, positiveInt('STORE_RATE_LIMIT_PER_MINUTE', 600)), windowMs: 60_000 },
    allowFaultHeader: process.env.STORE_FAULT_HEADER === '1',
  });
  processLogger().info('reference store system listening', { url: store.url, catalog: file, stores: catalog.stores.length, orders: catalog.orders.length });
  const shutdown = () => void store.close().then(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
};

start().catch((e) => {
  process.stderr.write(`Reference store system failed to start: ${(e as Error).message}\n`);
  process.exit(1);
});
