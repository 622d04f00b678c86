import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { silentLogger, SqliteEventStore, uuidV7Generator } from '@support/adapters';
import { DocumentQuery, ReadModels, slaCheckAt, SlaTarget, TicketCreatedData, TicketDocument, ticketStream } from '@support/domain';
import { recordDueSlaOutcomes } from '@support/workers';

const MINUTE = 60_000;
const T0 = Date.parse('2027-01-12T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const created = (ticketId: string, createdMs: number): TicketCreatedData => {
  const target: SlaTarget = { label: 'First Response', metric: 'firstResponse', targetMinutes: 60, dueAt: iso(createdMs + 60 * MINUTE) };
  return {
    ticketId, accountId: 'acme', ticketNumber: 1, status: 'open', subject: 'Late parcel', query: 'Where is it?', summary: null, sentiment: null, textProcessing: 'pending',
    orderName: null, source: 'manual', manualSourceLabel: null, customerId: 'cu-1', customer: { name: null, phone: '+14155550100', email: null },
    taskId: null, teamId: null, requestedTaskId: null, createdByUserId: 'u-admin', createdByTokenId: 'tok-admin', createdAt: iso(createdMs), payload: null,
    payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [], parentTicketId: null, forced: false, slaTargets: [target],
  } as TicketCreatedData;
};

/**
 * The tickets read model as the watcher reads it, frozen: a projection that has not caught up with
 * the watcher's own events (their slaCheckAt does not move). Answers `slaCheckAt` ranges in order.
 */
const frozenReadModels = (docs: readonly TicketDocument[]): ReadModels & { reads: number } => {
  const sorted = [...docs].sort((a, b) => String(a.slaCheckAt).localeCompare(String(b.slaCheckAt)));
  const self = {
    reads: 0,
    find: async (_collection: string, query: DocumentQuery) => {
      self.reads++;
      const range = (query.where as { slaCheckAt: { gte?: string; lte: string } }).slaCheckAt;
      return sorted.filter((d) => d.slaCheckAt! <= range.lte && (range.gte === undefined || d.slaCheckAt! >= range.gte)).slice(0, query.limit);
    },
  };
  return self as unknown as ReadModels & { reads: number };
};

describe('SLA watcher: every due ticket in one sweep, each decided once', function () {
  this.timeout(30_000);
  let dir: string;
  let store: SqliteEventStore;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sla-watcher-'));
    store = await SqliteEventStore.open({ file: path.join(dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given 700 tickets past their due moments (more than a batch) and a projection that has not caught up, when one sweep runs, then each is recorded breached, and a second sweep records nothing again', async () => {
    // given: 700 tickets created a second apart, unanswered
    const newId = uuidV7Generator(() => T0);
    const docs: TicketDocument[] = [];
    for (let i = 0; i < 700; i++) {
      const data = created(`tk-${String(i).padStart(4, '0')}`, T0 + i * 1_000);
      await store.appendToStream(ticketStream(data.ticketId), [{ id: newId(), type: 'TicketCreated', data, metadata: { version: 1, accountId: 'acme' } }], { expectedRevision: 'no_stream' });
      docs.push({ _id: data.ticketId, accountId: 'acme', slaCheckAt: slaCheckAt({ slaTargets: data.slaTargets }) } as TicketDocument);
    }
    const readModels = frozenReadModels(docs);
    const deps = { eventStore: store, newId, readModels, clock: { now: () => new Date(T0 + 2 * 60 * MINUTE) }, logger: silentLogger };
    const decided = new Map<string, string>();
    // when
    const recorded = await recordDueSlaOutcomes(deps, decided);
    // then
    expect(recorded).to.equal(700);
    const breaches = [];
    for (const d of docs) for await (const e of store.readStream(ticketStream(d._id))) if (e.type === 'SlaBreached') breaches.push(e);
    expect(breaches).to.have.length(700);
    // and again, before the projection moves the tickets' moments: nothing read is decided twice
    expect(await recordDueSlaOutcomes(deps, decided)).to.equal(0);
  });
});
