import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc/<pid>/stat tells it: its parent and state (`Z` a zombie). */
interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly state: string;
}

const stat = (pid: number): ProcStat | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after its last ')'.
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(ppid), state };
  } catch {
    return null;
  }
};

/** Every process below `root` (children, their children…), from /proc. */
export const descendants = (root: number): number[] => {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => stat(Number(d))).filter((s): s is ProcStat => s !== null);
  const found: number[] = [];
  const below = (parent: number) => {
    for (const p of all) {
      if (p.ppid === parent) {
        found.push(p.pid);
        below(p.pid);
      }
    }
  };
  below(root);
  return found;
};

/** Whether a process is still running (a zombie waiting for its reaper counts as gone). */
export const isRunning = (pid: number): boolean => {
  const s = stat(pid);
  return s !== null && s.state !== 'Z';
};
