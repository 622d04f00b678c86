import { expect } from 'chai';
import { copyFileSync, mkdtempSync, rmSync, truncateSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger, TICKETS_COLLECTION } from '@support/domain';
import { readModelSnapshotFile } from '@support/app';
import { recordingLogger } from '../support/recording-logger';
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';

let phone = 0;
const createTickets = async (svc: TestService, count: number): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415777${String(1000 + phone++).padStart(4, '0')}` }, query: `snapshot ${i}`, fastResponse: false } });
    ids.push(r.body.ticketId);
  }
  await svc.api('POST', `/apis/tickets/${ids[0]}/assign`, { token: TOKENS.acmeAdmin, body: { agentId: 'u-agent' } });
  return ids;
};

const ticketDocs = (svc: TestService) => svc.deps.readStore.collection(TICKETS_COLLECTION).find({}, { sort: { _id: 1 } }).toArray();
const start = (dataDir: string, logger: Logger) => startTestService({ config: withoutRateLimits(exampleConfig()), dataDir, logger });

describe('embedded read models: snapshot and restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-snapshot-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given a clean stop, when the service starts again, then the read models come from the snapshot, identical, and go on', async () => {
    // given
    const first = await start(dataDir, recordingLogger());
    await createTickets(first, 5);
    const before = await ticketDocs(first);
    await first.stop({ remove: false });
    expect(statSync(readModelSnapshotFile(dataDir)).size).to.be.greaterThan(0);
    // when
    const logger = recordingLogger();
    const second = await start(dataDir, logger);
    try {
      // then
      expect(logger.messages).to.include('read models restored from snapshot');
      expect(await ticketDocs(second)).to.deep.equal(before);
      await createTickets(second, 2);
      const list = await second.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 1 } });
      expect(list.body.total).to.equal(7);
    } finally {
      await second.stop({ remove: false });
    }
  });

  it('given a snapshot older than the log (a crash after it), when the service starts, then it catches up to documents identical to a full rebuild', async () => {
    // given: a snapshot of 3 tickets, then 4 more tickets in the log only
    const first = await start(dataDir, recordingLogger());
    await createTickets(first, 3);
    await first.stop({ remove: false });
    const older = path.join(dataDir, 'older.snapshot');
    copyFileSync(readModelSnapshotFile(dataDir), older);
    const second = await start(dataDir, recordingLogger());
    await createTickets(second, 4);
    const live = await ticketDocs(second);
    await second.stop({ remove: false });
    copyFileSync(older, readModelSnapshotFile(dataDir));
    // when
    const logger = recordingLogger();
    const third = await start(dataDir, logger);
    try {
      // then
      expect(logger.messages).to.include('read models restored from snapshot');
      expect(await ticketDocs(third)).to.deep.equal(live);
    } finally {
      await third.stop({ remove: false });
    }
    // and a full rebuild from the log gives the same documents
    rmSync(readModelSnapshotFile(dataDir));
    const rebuilt = await start(dataDir, recordingLogger());
    try {
      expect(await ticketDocs(rebuilt)).to.deep.equal(live);
    } finally {
      await rebuilt.stop({ remove: false });
    }
  });

  it('given a snapshot of another log or a damaged one, then it is not used and the read models are rebuilt from the log', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'support-snapshot-other-'));
    try {
      const foreign = await start(other, recordingLogger());
      await createTickets(foreign, 2);
      await foreign.stop({ remove: false });
      const own = await start(dataDir, recordingLogger());
      await createTickets(own, 1);
      const live = await ticketDocs(own);
      await own.stop({ remove: false });
      copyFileSync(readModelSnapshotFile(other), readModelSnapshotFile(dataDir));
      const logger = recordingLogger();
      const restarted = await start(dataDir, logger);
      try {
        expect(logger.messages).to.include('read-model snapshot belongs to another log; rebuilding from the log');
        expect(await ticketDocs(restarted)).to.deep.equal(live);
      } finally {
        await restarted.stop({ remove: false });
      }
      truncateSync(readModelSnapshotFile(dataDir), 200);
      const damagedLogger = recordingLogger();
      const afterDamage = await start(dataDir, damagedLogger);
      try {
        expect(damagedLogger.messages).to.include('read-model snapshot unusable; rebuilding from the log');
        expect(await ticketDocs(afterDamage)).to.deep.equal(live);
      } finally {
        await afterDamage.stop({ remove: false });
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
