import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteJobQueue } from '@support/adapters';
import { NatsJobQueue } from '@support/adapters/dist/distributed';
import { startNatsServer, type NatsServer } from '../support/nats-server';
import { jobQueueContract } from './job-queue.contract';

describe('JobQueue engines', () => {
  describe('SQLite', () => {
    jobQueueContract(
      'SQLite',
      async () => {
        const dir = await mkdtemp(join(tmpdir(), 'job-queue-sqlite-'));
        return {
          open: () => SqliteJobQueue.open({ file: join(dir, 'jobs.sqlite') }),
          cleanup: () => rm(dir, { recursive: true, force: true }),
        };
      },
      { ackWaitMs: 150 },
    );
  });

  describe('NATS JetStream', function () {
    let server: NatsServer | null = null;

    before(async function () {
      server = await startNatsServer();
      if (server !== null) return;
      if (process.env.REQUIRE_NATS === '1') throw new Error('REQUIRE_NATS=1 but nats-server is not on PATH');
      console.log('      skipped: nats-server is not on PATH (set REQUIRE_NATS=1 to make this a failure)');
      this.skip();
    });

    after(async () => {
      await server?.stop();
    });

    jobQueueContract(
      'NATS JetStream',
      async () => {
        if (server === null) throw new Error('nats-server is not running');
        const { url } = server;
        return { open: () => NatsJobQueue.connect({ servers: url }), cleanup: async () => undefined };
      },
      { ackWaitMs: 300 },
    );
  });
});
