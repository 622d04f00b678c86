import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../../support/example-config';
import { request } from './load';

/**
 * Waits until the service on `port` answers a list (with `total` tickets, when given): seconds it
 * took. Throws after `deadlineMs`.
 */
export const waitReady = async (port: number, total: number | null = null, deadlineMs = 600_000): Promise<number> => {
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: false });
  for (;;) {
    try {
      const r = await request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, { limit: 1 });
      if (r.status === 200 && (total === null || JSON.parse(r.text).total === total)) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > deadlineMs) throw new Error('the service did not become ready');
    await new Promise((r) => setTimeout(r, 20));
  }
};
