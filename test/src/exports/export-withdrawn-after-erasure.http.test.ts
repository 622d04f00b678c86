import { expect } from 'chai';
import { join } from 'node:path';
import { BlobStore, ERASED_TEXT, TICKET_EXPORT_WITHDRAWAL_JOB } from '@support/domain';
import { exportWithdrawalWorker, ticketExportWorker, withdrawErasedExports } from '@support/workers';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { storedForms, valuesHeld } from '../personal-data/support/files-holding';
import { downloadCsv, exportAndWait, pollExport, startExport, waitForExport } from './support/export-api';
import { exportEventTypes } from './support/export-streams';
import { featuresWithoutExportWorkers } from './support/export-features';

const CREATE = '/apis/tickets/manual';
const erasurePath = (customerId: string) => `/apis/customers/${customerId}/erasure`;

/** Asks the customer's erasure (as docs/api/erasure.md does) and answers its status once done. */
const erase = async (svc: TestService, customerId: string): Promise<Record<string, unknown>> => {
  const asked = await svc.api('POST', erasurePath(customerId), { token: TOKENS.acmeAdmin });
  expect(asked.status, asked.text).to.equal(202);
  let erasure: Record<string, unknown> = {};
  await eventually(async () => {
    erasure = (await svc.api('GET', erasurePath(customerId), { token: TOKENS.acmeAdmin })).body;
    return erasure.status !== 'requested';
  }, 'the erasure is done', 30_000);
  expect(erasure.status).to.equal('erased');
  return erasure;
};

describe('exports after an erasure (HTTP): a finished export holding a row of the erased customer is withdrawn, the others stay', function () {
  this.timeout(90_000);
  let svc: TestService;

  const create = async (body: Record<string, unknown>) => {
    const res = await svc.api('POST', CREATE, { token: TOKENS.acmeAdmin, body: { fastResponse: true, ...body } });
    expect(res.status, res.text).to.equal(200);
    return res.body as { ticketId: string; customer: { id: string } };
  };
  const succeeded = async (filters: Record<string, unknown>) => {
    const { done } = await exportAndWait(svc, filters);
    expect(done.body.job.status, done.text).to.equal('succeeded');
    return { jobId: done.body.job.jobId as string, downloadUrl: done.body.downloadUrl as string };
  };

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  it('given an export holding a customer\'s ticket and one holding none, when the customer is erased, then the first\'s link answers 410 and its file is gone, the second still downloads', async () => {
    // given
    const erased = { name: 'Ingrid Västerås-Holm', phone: '+46701234567', subject: 'Cracked teapot lid', query: 'The lid of teapot TX-9 cracked' };
    const kept = { name: 'Tomasz Brzęczyszczykiewicz', phone: '+48609876543', subject: 'Late courier', query: 'Courier QZ-17 never came' };
    const first = await create({ customer: { name: erased.name, phone: erased.phone }, subject: erased.subject, query: erased.query, orderName: '#W-1' });
    await create({ customer: { name: kept.name, phone: kept.phone }, subject: kept.subject, query: kept.query, orderName: '#W-2' });
    const customerId = first.customer.id;
    const holding = await succeeded({ orderName: '#W-1' });
    const other = await succeeded({ orderName: '#W-2' });
    const before = await downloadCsv(holding.downloadUrl);
    expect(before.rows.map((r) => r['Customer Name']), 'the file holds the customer').to.deep.equal([erased.name]);
    const blobs = join(svc.dataDir, 'blobs');
    const erasedValues = Object.values(erased).flatMap(storedForms);
    expect(valuesHeld(blobs, erasedValues), 'the export\'s file holds the values before').to.not.be.empty;

    // when
    const erasure = await erase(svc, customerId);

    // then: the export holding the customer is withdrawn, with the reason, and hands out no link
    let polled = await pollExport(svc, holding.jobId);
    await eventually(async () => {
      polled = await pollExport(svc, holding.jobId);
      return polled.body.job.withdrawn !== undefined;
    }, 'the export is withdrawn', 15_000);
    expect(polled.body).to.deep.include({ success: true, downloadExpired: true });
    expect(polled.body).to.not.have.any.keys('downloadUrl', 'expiresAt');
    expect(polled.body.job).to.include({ status: 'succeeded' });
    expect(polled.body.job.withdrawn).to.deep.equal({ at: polled.body.job.withdrawn.at, reason: `it held personal data of a customer erased at ${erasure.finishedAt}` });
    const gone = await downloadCsv(holding.downloadUrl);
    expect(gone.status).to.equal(410);
    expect(JSON.parse(gone.text)).to.deep.equal({
      error: 'Gone', reason: 'withdrawn',
      message: `This export file was withdrawn: it held personal data of a customer erased at ${erasure.finishedAt}. Start a new export: it holds the data as it is now`,
    });
    expect(valuesHeld(blobs, erasedValues), 'no file of the blob store holds the erased values').to.deep.equal([]);
    expect(valuesHeld(svc.dataDir, [holding.jobId], (path) => path.startsWith('blobs')), 'no file of the withdrawn export is left').to.deep.equal([]);
    const events = await exportEventTypes(svc.deps.eventStore, holding.jobId);
    expect(events.filter((t) => t === 'TicketExportWithdrawn')).to.have.length(1);

    // and the export holding none still downloads
    const stays = await pollExport(svc, other.jobId);
    expect(stays.body).to.include({ downloadExpired: false });
    expect(stays.body.job).to.not.have.property('withdrawn');
    const otherCsv = await downloadCsv(other.downloadUrl);
    expect(otherCsv.status).to.equal(200);
    expect(otherCsv.rows.map((r) => r['Customer Name'])).to.deep.equal([kept.name]);

    // and an export made once the read models have the erasure holds placeholders and stays, though it has the customer's row
    await eventually(async () => (await svc.api('GET', `/apis/tickets/${first.ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket.subject === ERASED_TEXT, 'the ticket read model has the erasure');
    const afterwards = await succeeded({});
    const afterCsv = await downloadCsv(afterwards.downloadUrl);
    expect(afterCsv.rows.filter((r) => r['Customer ID'] === customerId).map((r) => [r['Customer Name'], r['Customer Phone'], r['Order Name']])).to.deep.equal([['', '', ERASED_TEXT]]);
    expect(erasedValues.filter((v) => afterCsv.text.includes(v))).to.deep.equal([]);

    // and the withdrawal run again (a redelivery) changes nothing: one withdrawal, the later export kept
    const job = {
      id: 'again', kind: TICKET_EXPORT_WITHDRAWAL_JOB, dedupeId: 'again', deliveryCount: 2, publishedAt: new Date(),
      payload: await payloadOf(svc, customerId),
    };
    expect(await withdrawErasedExports(svc.deps)(job)).to.deep.equal({ type: 'ack' });
    expect((await exportEventTypes(svc.deps.eventStore, holding.jobId)).filter((t) => t === 'TicketExportWithdrawn')).to.have.length(1);
    expect((await pollExport(svc, afterwards.jobId)).body).to.include({ downloadExpired: false });
    expect((await downloadCsv(afterwards.downloadUrl)).status).to.equal(200);
  });
});

describe('exports after an erasure (HTTP): an export still running from rows read before the erasure', function () {
  this.timeout(90_000);
  let svc: TestService;
  let stopWorker: (() => Promise<void>) | null = null;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), features: featuresWithoutExportWorkers() });
  });
  after(async () => {
    await stopWorker?.();
    await svc?.stop();
  });

  it('given an export whose rows were read before the erasure and whose file is still being written, when it succeeds after the erasure, then it is withdrawn', async () => {
    // given: the rows are read and the file written, its completion held (no read of the read model stays open meanwhile)
    const made = await svc.api('POST', CREATE, { token: TOKENS.acmeAdmin, body: { fastResponse: true, customer: { name: 'Reinhold Quast', phone: '+491701234567' }, query: 'Parcel PX-31 is damaged', orderName: '#R-1' } });
    const customerId = made.body.customer.id as string;
    const gate = completionGate(svc.deps.blobStore);
    const worker = await ticketExportWorker({ ackWaitMs: 60_000 }).start({ ...svc.deps, blobStore: gate.store });
    // the feature's workers are left out for the gated one: the withdrawal's runs as the feature runs it
    const withdrawals = await exportWithdrawalWorker().start(svc.deps);
    stopWorker = async () => {
      gate.release();
      await worker.stop();
      await withdrawals.stop();
    };
    const started = await startExport(svc, { orderName: '#R-1' });
    await gate.held;
    // when: the customer is erased meanwhile, then the file completes
    await erase(svc, customerId);
    gate.release();
    const done = await waitForExport(svc, started.body.jobId, ['succeeded', 'failed'], 10_000);
    expect(done.body.job.status).to.equal('succeeded');
    // then: the withdrawal, which waited for it, withdraws it
    await eventually(async () => (await pollExport(svc, started.body.jobId)).body.job.withdrawn !== undefined, 'the finished export is withdrawn', 30_000);
    if (done.body.downloadUrl !== undefined) expect((await fetch(done.body.downloadUrl)).status).to.equal(410);
    expect(valuesHeld(join(svc.dataDir, 'blobs'), storedForms('Reinhold Quast'))).to.deep.equal([]);
  });
});

/** A blob store whose first put is written whole and then held before it answers (the attempt has not completed yet). */
const completionGate = (inner: BlobStore) => {
  let release = () => {};
  let reached = () => {};
  const released = new Promise<void>((r) => (release = r));
  const held = new Promise<void>((r) => (reached = r));
  const store: BlobStore = Object.assign(Object.create(inner) as BlobStore, {
    put: async (...args: Parameters<BlobStore['put']>) => {
      const info = await inner.put(...args);
      reached();
      await released;
      return info;
    },
  });
  return { store, held, release: () => release() };
};

/** The withdrawal job's payload, as the dispatcher made it from the customer's CustomerErased. */
const payloadOf = async (svc: TestService, customerId: string) => {
  for await (const e of svc.deps.eventStore.readStream(`customer-${customerId}`)) {
    if (e.type === 'CustomerErased') {
      const d = e.data as { accountId: string; erasureId: string; erasedAt: string };
      return { accountId: d.accountId, customerId, erasureId: d.erasureId, erasedAt: d.erasedAt, erasedPosition: `${e.position.commit}/${e.position.prepare}` };
    }
  }
  throw new Error('no CustomerErased');
};
