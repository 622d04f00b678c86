import { readFileSync, readlinkSync } from 'node:fs';
import { HolderProcess } from '@support/domain';

/**
 * Which process holds a claim, and whether it still lives, told by the operating system (Linux's
 * /proc) rather than by time: a process is its pid on one machine (the boot's id and the pid
 * namespace, so containers of one host are told apart) with its start time (so a reused pid is
 * another process). Where /proc is missing, or the holder ran on another machine, its liveness is
 * unknown.
 */

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), and whether it is a zombie (field 3). */
const statOf = (pid: number | 'self'): { start: string; zombie: boolean } => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: the fields after it follow its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { start: fields[19], zombie: fields[0] === 'Z' };
};

const identify = (): HolderProcess | null => {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const machine = `${boot}/${readlinkSync('/proc/self/ns/pid')}`;
    return { machine, pid: process.pid, start: statOf('self').start };
  } catch {
    return null;
  }
};

let me: HolderProcess | null | undefined;

/** This process, as a claim records its holder; null where the operating system cannot tell. */
export const thisProcess = (): HolderProcess | null => (me === undefined ? (me = identify()) : me);

/** True only when `holder` is known to have ended (on this machine: no such pid, a zombie, or another process under its pid). */
export const processEnded = (holder: HolderProcess | undefined): boolean => {
  const here = thisProcess();
  if (holder === undefined || here === null || holder.machine !== here.machine) return false;
  if (holder.pid === here.pid) return holder.start !== here.start;
  try {
    const now = statOf(holder.pid);
    return now.zombie || now.start !== holder.start;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT';
  }
};
