import { createHash } from 'node:crypto';
import { AccountConfigDocument, AddedToken, buildAccountDirectory, TOKEN_SCOPES } from '@support/domain';

const ACCOUNTS = 1_000;
const TOKENS_PER_ACCOUNT = 10;
const REQUESTS = 200_000;

/**
 * Authentication per request with 10,000 tokens across 1,000 accounts (issue 61's target: at most
 * 20 µs of CPU): half of the tokens in the configuration file (sha256), half made through the API,
 * every request a valid token of a random account, checked as the HTTP edge checks it
 * (`checkToken`: the digest, one map lookup, expiry, suspension). CPU is process.cpuUsage.
 */
export async function run(): Promise<void> {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const token = (a: number, t: number) => `sup_bench_${a}_${t}_${'x'.repeat(32)}`;
  const doc: AccountConfigDocument = {
    accounts: Array.from({ length: ACCOUNTS }, (_, a) => ({
      id: `acc-${a}`, name: `Account ${a}`,
      users: [{ id: `u-${a}`, name: 'Admin', email: `admin@${a}.example`, role: 'admin' as const }],
      accessTokens: Array.from({ length: TOKENS_PER_ACCOUNT / 2 }, (_, t) => ({ id: `file-${a}-${t}`, userId: `u-${a}`, sha256: sha(token(a, t)) })),
    })),
  };
  const added: AddedToken[] = Array.from({ length: ACCOUNTS * (TOKENS_PER_ACCOUNT / 2) }, (_, i) => {
    const a = i % ACCOUNTS;
    const t = TOKENS_PER_ACCOUNT / 2 + Math.floor(i / ACCOUNTS);
    return { accountId: `acc-${a}`, tokenId: `api-${a}-${t}`, userId: `u-${a}`, name: null, scopes: TOKEN_SCOPES, sha256: sha(token(a, t)), expiresAt: '2099-01-01T00:00:00.000Z', byId: 'operator', at: '2026-01-01T00:00:00.000Z' };
  });
  const built = process.hrtime.bigint();
  const directory = buildAccountDirectory(doc, { tokens: added, revoked: new Map(), suspended: new Set() });
  const buildMs = Number(process.hrtime.bigint() - built) / 1e6;
  const presented = Array.from({ length: 4_096 }, (_, i) => token(i % ACCOUNTS, i % TOKENS_PER_ACCOUNT));
  const now = new Date();
  let valid = 0;
  for (let i = 0; i < 20_000; i++) valid += directory.checkToken(presented[i % presented.length], now).kind === 'valid' ? 1 : 0;
  valid = 0;
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (let i = 0; i < REQUESTS; i++) valid += directory.checkToken(presented[i % presented.length], now).kind === 'valid' ? 1 : 0;
  const used = process.cpuUsage(cpu);
  const wallUs = Number(process.hrtime.bigint() - wall) / 1e3 / REQUESTS;
  if (valid !== REQUESTS) throw new Error(`only ${valid} of ${REQUESTS} tokens were valid`);
  const cpuUs = (used.user + used.system) / REQUESTS;
  process.stdout.write(`${ACCOUNTS * TOKENS_PER_ACCOUNT} tokens across ${ACCOUNTS} accounts (half file sha256, half API): directory built in ${buildMs.toFixed(1)} ms\n`);
  process.stdout.write(`authentication per request: ${cpuUs.toFixed(2)} µs CPU (${wallUs.toFixed(2)} µs wall), ${REQUESTS} requests; target ≤ 20 µs\n`);
  process.stdout.write('reproduce: npm run bench -- authentication\n');
}
