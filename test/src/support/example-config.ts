import { readFileSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.resolve(REPO_ROOT, 'app', 'config', 'demo-accounts.json');

/** A fresh deep copy of the project's demo configuration (the accounts of the operator contract's example). */
export const exampleConfig = (): { accounts: Record<string, unknown>[] } => JSON.parse(readFileSync(DEMO, 'utf8'));

/** Tokens of the example configuration. */
export const TOKENS = {
  acmeAdmin: 'acme-admin-token-0001',
  /** sha256-configured token of acme's agent (the plaintext of the digest in the example). */
  acmeAgent: 'acme-agent-token-0001',
  globexAdmin: 'globex-admin-token-0001',
} as const;

/** Lifts the rate limits of every account so functional tests are not throttled. */
export const withoutRateLimits = <T extends { accounts: Record<string, unknown>[] }>(config: T): T => {
  for (const a of config.accounts) {
    a.rateLimits = {
      manualTicket: { perMinute: 1_000_000, perHour: 1_000_000, perDay: 1_000_000 },
      ticketList: { perHour: 1_000_000 },
      ticketExport: { perHour: 1_000_000 },
      ticketBulkUpdate: { perHour: 1_000_000 },
      executeAction: { perHour: 1_000_000 },
    };
  }
  return config;
};
