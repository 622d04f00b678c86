import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of one phase of a benchmark, written to the file named by BENCH_CPU_PROFILE (open
 * it in Chrome DevTools or VS Code); without it the phase runs unprofiled. Only the phase is
 * profiled, not the seeding before it.
 */
export const profiledPhase = async <T>(work: () => Promise<T>): Promise<T> => {
  const file = process.env.BENCH_CPU_PROFILE;
  if (file === undefined || file === '') return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    process.stdout.write(`  CPU profile of the phase written to ${file}\n`);
  }
};
