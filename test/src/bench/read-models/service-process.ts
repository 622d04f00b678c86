import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../../support/example-config';
import { cpuMsOf } from '../speed/child';
import { request } from '../speed/load';

/**
 * The service as a child process for the read-models benchmark: like speed/child.ts's spawnPinned
 * (taskset, the node flags of `npm start`), but its output goes to a log file (its log lines stay
 * readable after the run, and a pipe nobody reads never blocks it).
 */
export const spawnService = (core: number, script: string, env: NodeJS.ProcessEnv, nodeFlags: readonly string[], logFile: string): ChildProcess => {
  const fd = openSync(logFile, 'a');
  try {
    const child = spawn('taskset', ['-c', String(core), process.execPath, ...nodeFlags, script], { env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
    outliveNoChild(child);
    return child;
  } finally {
    closeSync(fd);
  }
};

const running = new Set<ChildProcess>();

/**
 * The services this benchmark started are killed when it ends in any way (done, thrown, or stopped
 * by a signal): an orphan left by a stopped run would go on using the core the next run measures.
 */
const outliveNoChild = (child: ChildProcess): void => {
  if (running.size === 0 && process.listenerCount('exit') === 0) {
    process.on('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
};

/** A field of /proc/<pid>/status in bytes (VmRSS, VmHWM), or null when the process is gone. */
export const statusBytes = (pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null => {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? null : Number(m[1]) * 1024;
  } catch {
    return null;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The list's total, or null when the service does not answer 200 yet. */
const listTotal = async (agent: http.Agent, port: number): Promise<number | null> => {
  try {
    const r = await request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, { limit: 1 });
    return r.status === 200 ? Number(JSON.parse(r.text).total) : null;
  } catch {
    return null;
  }
};

/**
 * Waits until a list answers with `total` (any total when null), polling every 20 ms; answers the
 * seconds since `since` (performance.now()). Fails after `timeoutMs`, naming the last answer, or at
 * once when the child exits.
 */
export const waitForTotal = async (child: ChildProcess, port: number, total: number | null, since: number, timeoutMs: number, what: string): Promise<number> => {
  const agent = new http.Agent({ keepAlive: false });
  let last: number | null = null;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what}: the service exited (${child.exitCode ?? child.signalCode}) before a list answered the total ${total}`);
      last = await listTotal(agent, port);
      if (last !== null && (total === null || last === total)) return (performance.now() - since) / 1000;
      if (performance.now() - since > timeoutMs) {
        throw new Error(`${what}: no list answered the total ${total ?? '(any)'} within ${(timeoutMs / 1000).toFixed(0)} s (last answer: ${last === null ? 'no 200' : `total ${last}`})`);
      }
      await sleep(20);
    }
  } finally {
    agent.destroy();
  }
};

/**
 * Waits until the process has used (almost) no CPU for a whole second (no collection, compilation
 * or background work running): at most `quietCpuMs` of CPU over a window of 1 s, sampled every
 * 100 ms. Answers the seconds waited; fails after `timeoutMs`.
 */
export const waitQuiet = async (pid: number | undefined, timeoutMs: number, quietCpuMs = 20): Promise<number> => {
  const started = performance.now();
  const samples: { at: number; cpu: number }[] = [];
  for (;;) {
    const cpu = cpuMsOf(pid);
    if (cpu === null) throw new Error('waiting for a quiet second: the service is gone');
    const at = performance.now();
    samples.push({ at, cpu });
    while (samples.length > 1 && at - samples[1].at >= 1_000) samples.shift();
    if (at - samples[0].at >= 1_000 && cpu - samples[0].cpu <= quietCpuMs) return (at - started) / 1000;
    if (at - started > timeoutMs) throw new Error(`the service did not have a quiet second (≤ ${quietCpuMs} ms of CPU) within ${(timeoutMs / 1000).toFixed(0)} s`);
    await sleep(100);
  }
};

/** Samples the process's RSS every `everyMs` until stopped: its peak and the first sample. */
export const rssSampler = (pid: number | undefined, everyMs = 20): { stop(): { first: number; peak: number } } => {
  const first = statusBytes(pid, 'VmRSS') ?? 0;
  let peak = first;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusBytes(pid, 'VmRSS') ?? 0);
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, statusBytes(pid, 'VmRSS') ?? 0);
      return { first, peak };
    },
  };
};

/** The parts of the service's memory its /metrics tell (prom-client's default metrics), in bytes. */
interface MemoryParts {
  readonly rss: number;
  /** V8's young generation (committed: the semi-spaces). */
  readonly young: number;
  readonly old: number;
  /** Large objects, code and the other spaces of the V8 heap. */
  readonly otherHeap: number;
  /** Memory of Buffers and other objects outside the heap that V8 is told about. */
  readonly external: number;
}

export const MEMORY_PARTS: readonly (keyof MemoryParts)[] = ['rss', 'young', 'old', 'otherHeap', 'external'];

/** The service's memory by part, read from GET /metrics (null when it does not answer). */
export const memoryParts = async (port: number): Promise<MemoryParts | null> => {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const r = await request(agent, port, 'GET', '/metrics', TOKENS.acmeAdmin, undefined);
    if (r.status !== 200) return null;
    const value = (name: string): number => {
      const m = new RegExp(`^${name.replace(/[{}"=]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(r.text);
      return m === null ? 0 : Number(m[1]);
    };
    const total = value('nodejs_heap_size_total_bytes');
    const young = value('nodejs_heap_space_size_total_bytes{space="new"}');
    const old = value('nodejs_heap_space_size_total_bytes{space="old"}');
    return { rss: value('process_resident_memory_bytes'), young, old, otherHeap: total - young - old, external: value('nodejs_external_memory_bytes') };
  } catch {
    return null;
  } finally {
    agent.destroy();
  }
};

/** "RSS 385 MB = young 96 + old 180 + other heap 10 + external 5 + outside the JS heap 94". */
export const describeMemory = (m: MemoryParts): string => {
  const MB = 1024 * 1024;
  const f = (n: number) => (n / MB).toFixed(0);
  const outside = m.rss - m.young - m.old - m.otherHeap - m.external;
  return `RSS ${f(m.rss)} MB = V8 young generation ${f(m.young)} + old generation ${f(m.old)} + other heap spaces ${f(m.otherHeap)} + external ${f(m.external)} + the rest (native: SQLite caches, code, allocator) ${f(outside)} MB`;
};

/** Samples the parts every `everyMs` until stopped: each part's peak. */
export const memoryPartsSampler = (port: number, everyMs = 250): { stop(): Promise<MemoryParts | null> } => {
  let peak: Record<string, number> | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      const m = await memoryParts(port);
      if (m !== null) {
        const p: Record<string, number> = peak ?? {};
        for (const k of MEMORY_PARTS) p[k] = Math.max(p[k] ?? 0, m[k]);
        peak = p;
      }
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak as MemoryParts | null;
    },
  };
};

/**
 * Waits, without a request to the service, until its log file holds a line with this message
 * after `offset` (checked every 20 ms); answers the seconds since `since`. Fails after `timeoutMs`,
 * or at once when the child exits.
 */
export const waitForLogLine = async (child: ChildProcess, logFile: string, offset: number, message: string, since: number, timeoutMs: number, what: string): Promise<number> => {
  const needle = `"message":${JSON.stringify(message)}`;
  let read = offset;
  let tail = '';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what}: the service exited (${child.exitCode ?? child.signalCode}) before it logged "${message}"`);
    const size = statSync(logFile).size;
    if (size > read) {
      const fd = openSync(logFile, 'r');
      try {
        const buffer = Buffer.alloc(size - read);
        readSync(fd, buffer, 0, buffer.length, read);
        read = size;
        const text = tail + buffer.toString('utf8');
        if (text.includes(needle)) return (performance.now() - since) / 1000;
        tail = text.slice(-needle.length);
      } finally {
        closeSync(fd);
      }
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${what}: the service did not log "${message}" within ${(timeoutMs / 1000).toFixed(0)} s`);
    await sleep(20);
  }
};
