import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
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
    return spawn('taskset', ['-c', String(core), process.execPath, ...nodeFlags, script], { env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
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
