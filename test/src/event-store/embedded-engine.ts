import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore } from '@support/adapters';

export async function makeTempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'event-store-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Registers hooks that hand each test a fresh log folder (`<temp>/events`, not created yet) and remove it after. */
export function logDirPerTest(use: (dir: string) => void): void {
  let remove: () => Promise<void> = async () => undefined;
  beforeEach(async () => {
    const temp = await makeTempDir();
    remove = temp.remove;
    use(join(temp.dir, 'events'));
  });
  afterEach(async () => {
    await remove();
  });
}

/** A fresh embedded store in a temporary folder, removed again by `cleanup`. */
export async function makeEmbeddedEngine(): Promise<{ engine: EmbeddedEventStore; cleanup(): Promise<void> }> {
  const temp = await makeTempDir();
  const engine = await EmbeddedEventStore.open({ dir: join(temp.dir, 'events') });
  return {
    engine,
    cleanup: async () => {
      await engine.close();
      await temp.remove();
    },
  };
}
