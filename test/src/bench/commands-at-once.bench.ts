import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findNginx } from '@support/app';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { Api, countByStatus, emailsAtOnce, latenciesOf, recordedEmailCounts, TimedAnswer } from '../tickets/lifecycle/commands-at-once';
import { newTicket } from '../tickets/lifecycle/support';
import { freePort, HOST, Proc, startComponent, startEdge, stopAll } from '../topology/support/processes';
import { benchConfig } from './support/manual-tickets';
import { quantile, request } from './speed/load';

/**
 * 50 emails with distinct message ids posted at once to one ticket, as a channel integration
 * delivers them, round after round, each round on a new ticket:
 * - `one`: the service as `npm start` runs it (one process);
 * - `two`: two command-api processes behind nginx, with projectors and query-api, one DATA_DIR.
 * Every email answered 2xx must be on its ticket once (the target: all 2xx). Figures: the answers by status and
 * the latencies of all answers of the measured rounds (p50, p99, max), after one round not counted
 * (the processes' first requests). Nothing is pinned: the service's processes and this client share
 * the machine's cores.
 *
 *   npm run bench -- commands-at-once
 *   BENCH_AT_ONCE_TOPOLOGY=two BENCH_AT_ONCE_ROUNDS=50 npm run bench -- commands-at-once
 */
const AT_ONCE = 50;
const ROUNDS = Number(process.env.BENCH_AT_ONCE_ROUNDS ?? 20);
type Topology = 'one' | 'two';
const TOPOLOGIES: readonly Topology[] = process.env.BENCH_AT_ONCE_TOPOLOGY ? [process.env.BENCH_AT_ONCE_TOPOLOGY as Topology] : ['one', 'two'];
const TARGET_P99_MS: Readonly<Record<Topology, number>> = { one: 500, two: 1000 };

const line = (text: string) => process.stdout.write(`${text}\n`);

/** The API on `port` over one keep-alive agent with a connection per command, without the tests' OpenAPI check (it is not what a client pays). */
const apiOn = (port: number): Api & { close(): void } => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  return {
    api: async (method, route, opts = {}) => {
      const r = await request(agent, port, method, route, opts.token ?? TOKENS.acmeAdmin, opts.body);
      let body: unknown;
      try {
        body = JSON.parse(r.text);
      } catch {
        body = r.text;
      }
      return { status: r.status, headers: new Headers(), body: body as never, text: r.text };
    },
    close: () => agent.destroy(),
  };
};

interface Running {
  readonly port: number;
  readonly procs: Partial<Record<string, Proc>>;
  readonly workDir: string;
}

const startTopology = async (topology: Topology, nginx: string | null): Promise<Running> => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `support-at-once-${topology}-`));
  chmodSync(workDir, 0o755);
  const configFile = path.join(workDir, 'accounts.json');
  writeFileSync(configFile, JSON.stringify(benchConfig()));
  const env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'silent' };
  const procs: Partial<Record<string, Proc>> = {};
  const start = async (name: string, component: string, port: number) => {
    await startComponent(component, port, env, (proc) => {
      procs[name] = proc;
    });
  };
  if (topology === 'one') {
    const port = await freePort();
    await start('all', 'all', port);
    return { port, procs, workDir };
  }
  const ports = { projectors: await freePort(), 'query-api': await freePort(), 'command-api-1': await freePort(), 'command-api-2': await freePort(), nginx: await freePort() };
  await start('projectors', 'projectors', ports.projectors);
  await Promise.all([start('query-api', 'query-api', ports['query-api']), start('command-api-1', 'command-api', ports['command-api-1']), start('command-api-2', 'command-api', ports['command-api-2'])]);
  procs.nginx = await startEdge(nginx!, workDir, {
    listen: `${HOST}:${ports.nginx}`, commandApi: [`${HOST}:${ports['command-api-1']}`, `${HOST}:${ports['command-api-2']}`], queryApi: `${HOST}:${ports['query-api']}`,
  });
  return { port: ports.nginx, procs, workDir };
};

/** One round: a new ticket, 50 emails at once; every email answered 2xx must be on the ticket once, and none twice. */
const round = async (api: Api, r: number): Promise<readonly TimedAnswer[]> => {
  const ticketId = await newTicket(api as TestService);
  const prefix = `round-${r}`;
  const sent = await emailsAtOnce(api, ticketId, AT_ONCE, prefix);
  const counts = await recordedEmailCounts(api, ticketId);
  const wrong = sent.answers
    .map((a, i) => ({ id: `${prefix}-${i}`, ok: a.status >= 200 && a.status <= 299 }))
    .filter(({ id, ok }) => (counts.get(id) ?? 0) > 1 || (ok && counts.get(id) !== 1));
  if (wrong.length > 0) throw new Error(`round ${r}: ${wrong.length} emails answered 2xx but not recorded, or recorded twice (${wrong.slice(0, 3).map((w) => w.id).join(', ')}...)`);
  return sent.answers;
};

export async function run(): Promise<void> {
  const nginx = await findNginx();
  for (const topology of TOPOLOGIES) {
    if (topology === 'two' && nginx === null) {
      line('commands-at-once, two command-api processes: skipped, nginx is not installed (apt-get install nginx; or NGINX_BIN)');
      continue;
    }
    const running = await startTopology(topology, nginx);
    const api = apiOn(running.port);
    try {
      await round(api, 0);
      const answers: TimedAnswer[] = [];
      for (let r = 1; r <= ROUNDS; r++) answers.push(...(await round(api, r)));
      const ok = answers.filter((a) => a.status >= 200 && a.status <= 299).length;
      const ms = latenciesOf(answers);
      const p99 = quantile(ms, 0.99);
      const what = topology === 'one' ? 'one process (npm start)' : 'two command-api processes behind nginx';
      line(`commands-at-once, ${what}: ${ROUNDS} rounds of ${AT_ONCE} emails at once to one ticket: ${ok} of ${answers.length} answered 2xx (${countByStatus(answers)}), each of them recorded once; `
        + `p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms (target: all 2xx, p99 ≤ ${TARGET_P99_MS[topology]} ms: ${ok === answers.length && p99 <= TARGET_P99_MS[topology] ? 'met' : 'NOT met'})`);
    } finally {
      api.close();
      await stopAll(running.procs);
      rmSync(running.workDir, { recursive: true, force: true });
    }
  }
  line(`reproduce: ${TOPOLOGIES.length === 1 ? `BENCH_AT_ONCE_TOPOLOGY=${TOPOLOGIES[0]} ` : ''}BENCH_AT_ONCE_ROUNDS=${ROUNDS} npm run bench -- commands-at-once`);
}
