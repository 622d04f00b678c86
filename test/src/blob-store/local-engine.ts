import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalBlobStore } from '@support/adapters';
import { startSignedReadGateway } from './signed-read-gateway';

/** A LocalBlobStore in a temp folder, with a stand-in gateway serving its signed URLs. */
export interface LocalEngine {
  readonly engine: LocalBlobStore;
  readonly dir: string;
  cleanup(): Promise<void>;
}

export async function makeLocalEngine(): Promise<LocalEngine> {
  const dir = await mkdtemp(join(tmpdir(), 'local-blobs-'));
  const gateway = await startSignedReadGateway();
  const engine = await LocalBlobStore.open({ dir, publicBaseUrl: gateway.baseUrl, signingKey: randomBytes(32) });
  gateway.serve(engine);
  return {
    engine,
    dir,
    cleanup: async () => {
      await gateway.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
