import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { READ_MODELS_FILE } from '@support/adapters';
import { features } from '@support/app';
import { Logger } from '@support/domain';
import { DispatcherDefinition } from '@support/event-sourcing';
import { recordingLogger } from '../support/recording-logger';
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';

/** A job dispatcher that publishes nothing and notes every ticket event it is handed. */
const recordingDispatcher = (): DispatcherDefinition & { readonly seen: string[] } => {
  const seen: string[] = [];
  return { name: 'recording', streamNamePrefixes: ['ticket-'], seen, jobsFor: (event) => (seen.push(event.id), []) };
};

const start = (dataDir: string, dispatcher: DispatcherDefinition, logger: Logger) =>
  startTestService({ config: withoutRateLimits(exampleConfig()), dataDir, logger, features: [...features, { name: 'recording', dispatchers: [dispatcher] }] });

let phone = 0;
const createTicket = async (svc: TestService): Promise<string> => {
  const r = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415888${String(1000 + phone++).padStart(4, '0')}` }, query: 'where is my parcel' } });
  expect(r.status).to.equal(200);
  return r.body.ticketId;
};
const total = async (svc: TestService): Promise<number> =>
  (await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 1 } })).body.total;

describe('job dispatchers across a rebuild of the read models', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-dispatch-resume-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given tickets dispatched, when the read models are rebuilt from the log, then the dispatchers resume where they were and read no event again', async () => {
    // given
    const before = recordingDispatcher();
    const first = await start(dataDir, before, recordingLogger());
    for (let i = 0; i < 3; i++) await createTicket(first);
    await first.stop({ remove: false });
    expect(before.seen.length).to.be.greaterThan(0);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(dataDir, `${READ_MODELS_FILE}${suffix}`), { force: true });
    // when
    const after = recordingDispatcher();
    const logger = recordingLogger();
    const second = await start(dataDir, after, logger);
    try {
      // then: the read models were rebuilt, the dispatcher was handed nothing old
      expect(await total(second)).to.equal(3);
      expect(after.seen).to.deep.equal([]);
      // and it goes on with what comes next
      await createTicket(second);
      expect(after.seen.length).to.be.greaterThan(0);
      expect(after.seen.filter((id) => before.seen.includes(id))).to.deep.equal([]);
    } finally {
      await second.stop({ remove: false });
    }
  });
});
