import { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVICE_NODE_FLAGS } from '../support/service-node-flags';
import { freePort, stop } from '../speed/child';
import { Desk, deskData, describeDesk } from '../support/desk-data';
import { seedDesk } from './seed-desk';
import { spawnService, waitForLogLine, waitQuiet } from './service-process';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

/** Runs a step and writes how long it took, indented under the step's own lines. */
export const timedPhase = (line: (text: string) => void) => async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    line(`  (${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
};

export interface DeskServiceOptions {
  /** The benchmark's name: its work directory and log file are named after it. */
  readonly name: string;
  /** Tickets of the desk (read-models/seed-desk.ts). */
  readonly present: number;
  /** A work directory an earlier run kept, its desk already seeded: the seed is skipped ('' seeds a new one). */
  readonly reuse: string;
  /** Keep the work directory after the run (always kept when reused). */
  readonly keep: boolean;
  /** The accounts file the service runs with (the seed's template tickets are made under it too). */
  readonly config: unknown;
  readonly line: (text: string) => void;
  readonly phase: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

export interface DeskService {
  readonly desk: Desk;
  readonly dataDir: string;
  readonly port: number;
  readonly logFile: string;
  readonly service: ChildProcess;
  /** Stops the service (SIGKILL) and removes the work directory unless it is kept. */
  close(): Promise<void>;
}

/**
 * The real service (`node <npm start's flags> app/dist/start-all.js`, pinned to core 0, LOG_TREE=off)
 * on a DATA_DIR holding a desk of `present` desk-shaped tickets (seeded, or kept by an earlier run),
 * answered once its read models are ready and it has had a quiet second. The caller pins itself to
 * core 1.
 */
export const startDeskService = async (o: DeskServiceOptions): Promise<DeskService> => {
  const work = o.reuse !== '' ? o.reuse : mkdtempSync(path.join(os.tmpdir(), `support-${o.name}-`));
  const keep = o.keep || o.reuse !== '';
  const dataDir = path.join(work, 'data');
  const configFile = path.join(work, 'accounts.json');
  const logFile = path.join(os.tmpdir(), `support-${o.name}-${o.present}.log`);
  writeFileSync(configFile, JSON.stringify(o.config));
  writeFileSync(logFile, '');
  const desk = deskData({ tickets: o.present, nowMs: Date.now() });
  for (const l of describeDesk(desk)) o.line(l);
  let service: ChildProcess | null = null;
  const close = async () => {
    if (service !== null) await stop(service, 'SIGKILL');
    service = null;
    if (keep) o.line(`work directory kept: ${work} (reuse it, without the seed, with the benchmark's WORK_DIR variable)`);
    else rmSync(work, { recursive: true, force: true });
  };
  try {
    if (o.reuse === '') await seedDesk({ dataDir, desk, config: o.config, inFlight: 64, sampleTickets: [], line: o.line, phase: o.phase });
    else o.line(`seed: the desk seeded in ${o.reuse} by an earlier run`);
    const port = await freePort();
    // Without the Merkle tree's follower, which would otherwise hash the whole seeded log during the run (a service that made these tickets keeps it as it goes).
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONFIG_FILE: configFile, LOG_LEVEL: 'info', LOG_TREE: 'off' };
    const spawnedAt = performance.now();
    service = spawnService(0, path.join(ROOT, 'app', 'dist', 'start-all.js'), env, SERVICE_NODE_FLAGS, logFile);
    const ready = await waitForLogLine(service, logFile, 0, 'read models ready', spawnedAt, 3_600_000, 'first start');
    o.line(`start: read models ready ${ready.toFixed(1)} s after spawn (service pinned to core 0, node ${SERVICE_NODE_FLAGS.join(' ')}; its log: ${logFile})`);
    await waitQuiet(service.pid, 600_000);
    return { desk, dataDir, port, logFile, service, close };
  } catch (e) {
    await close();
    throw e;
  }
};
