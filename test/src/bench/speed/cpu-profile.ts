import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `node --cpu-prof` writes (a .cpuprofile: V8's CPU profile, as Chrome DevTools reads it). */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  }[];
  /** µs, on the monotonic clock (CLOCK_MONOTONIC on Linux: the one process.hrtime reads, in any process). */
  readonly startTime: number;
  readonly endTime: number;
  /** The node each sample hit (the top of the stack then). */
  readonly samples: readonly number[];
  /** µs from the previous sample (the first: from startTime). */
  readonly timeDeltas: readonly number[];
}

/** One function's self time: V8's frame (line and column 0-based, as in the profile). */
export interface SelfTime {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
  readonly us: number;
}

/**
 * Self time per function (name, script, line), most first: a sample's time is the interval to the next
 * sample (to endTime for the last), as Chrome DevTools counts it. Only the samples taken in
 * [fromUs, toUs) when given (the profile's clock). '(idle)', '(program)', '(garbage collector)' come as
 * V8 names them.
 */
export const selfTimes = (profile: CpuProfile, window: { fromUs?: number; toUs?: number } = {}): SelfTime[] => {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const totals = new Map<string, SelfTime & { us: number }>();
  const from = window.fromUs ?? -Infinity;
  const to = window.toUs ?? Infinity;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < from || at >= to) continue;
    const next = i + 1 < profile.samples.length ? at + profile.timeDeltas[i + 1] : profile.endTime;
    const frame = frames.get(profile.samples[i]);
    if (frame === undefined) continue;
    const key = `${frame.functionName}\u0000${frame.url}\u0000${frame.lineNumber}`;
    const found = totals.get(key);
    if (found === undefined) totals.set(key, { ...frame, us: Math.max(0, next - at) });
    else found.us += Math.max(0, next - at);
  }
  return [...totals.values()].sort((a, b) => b.us - a.us);
};

/** The profile's first and last sample times (µs, its clock). */
export const sampleSpan = (profile: CpuProfile): { firstUs: number; lastUs: number } => {
  let at = profile.startTime;
  let first = NaN;
  for (let i = 0; i < profile.timeDeltas.length; i++) {
    at += profile.timeDeltas[i];
    if (i === 0) first = at;
  }
  return { firstUs: first, lastUs: at };
};

export const readCpuProfile = (file: string): CpuProfile => JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * Where a frame is, for a person: its TypeScript source when the script is one of the repo's compiled
 * files with a source map beside it (`app/src/service.ts:42`), else the script relative to `root`
 * (`node_modules/koa/lib/application.js:120`), node's own (`node:internal/...:12`) as it is, and
 * nothing for V8's pseudo-frames and builtins (their url is empty).
 */
export const whereIs = (frame: { url: string; lineNumber: number; columnNumber: number }, root: string): string => {
  if (frame.url === '') return '';
  if (!frame.url.startsWith('file://')) return `${frame.url}:${frame.lineNumber + 1}`;
  const file = fileURLToPath(frame.url);
  let map = sourceMaps.get(file);
  if (map === undefined) {
    try {
      map = file.includes(`${path.sep}node_modules${path.sep}`) ? null : new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  if (entry?.originalSource !== undefined && entry.originalLine !== undefined) {
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
    return `${shortPath(source, root)}:${entry.originalLine + 1}`;
  }
  return `${shortPath(file, root)}:${frame.lineNumber + 1}`;
};

/** A file relative to the repo (a package's from its node_modules/, wherever that is); absolute outside the repo. */
const shortPath = (file: string, root: string): string => {
  const modules = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (modules >= 0) return file.slice(modules + 1);
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
};

/** The thread a profile of `--cpu-prof` is of, from its name (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile): 0 is the main thread. */
export const threadOfProfile = (fileName: string): number | null => {
  const found = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(fileName);
  return found === null ? null : Number(found[1]);
};
