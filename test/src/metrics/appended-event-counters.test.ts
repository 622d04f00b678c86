import { expect } from 'chai';
import { deliveryOutcomes, exportRows, ServiceMetrics } from '@support/app';
import { EventData } from '@support/domain';
import { parsePrometheus, total } from './prometheus-text';

const event = (type: string, data: Record<string, unknown>): EventData => ({ id: `${type}-${JSON.stringify(data)}`, type, data, metadata: { version: 1 } });

const scrape = async (metrics: ServiceMetrics) => parsePrometheus((await metrics.exposition()).body);

describe('Metrics counted from the events appended', () => {
  it('given an export recording progress and success, and a superseded attempt, then the rows counted are the rows each attempt wrote', async () => {
    const metrics = new ServiceMetrics();
    const observe = exportRows(metrics);
    // given: attempt 1 writes 400 rows and is superseded; attempt 2 writes all 1000
    observe(event('TicketExportStarted', { jobId: 'j-1', attempt: 1 }));
    observe(event('TicketExportProgressed', { jobId: 'j-1', attempt: 1, processed: 400 }));
    observe(event('TicketExportProgressed', { jobId: 'j-1', attempt: 2, processed: 250 }));
    observe(event('TicketExportProgressed', { jobId: 'j-1', attempt: 2, processed: 700 }));
    observe(event('TicketExportSucceeded', { jobId: 'j-1', attempt: 2, processed: 1000 }));
    // and another job that failed after 30 rows
    observe(event('TicketExportProgressed', { jobId: 'j-2', attempt: 1, processed: 30 }));
    observe(event('TicketExportFailed', { jobId: 'j-2', attempt: 1, error: 'x' }));
    // then
    expect(total(await scrape(metrics), 'support_export_rows_total')).to.equal(400 + 1000 + 30);
  });

  it('given delivery outcome events, then deliveries are counted by outcome and other events are not', async () => {
    const metrics = new ServiceMetrics();
    const observe = deliveryOutcomes(metrics);
    for (const type of ['MessageQueued', 'MessageSendingStarted', 'MessageSendAttemptFailed', 'MessageSendingStarted', 'MessageSent', 'MessageFailed']) observe(event(type, {}));
    const families = await scrape(metrics);
    expect(total(families, 'support_message_deliveries_total', { outcome: 'retry' })).to.equal(1);
    expect(total(families, 'support_message_deliveries_total', { outcome: 'sent' })).to.equal(1);
    expect(total(families, 'support_message_deliveries_total', { outcome: 'failed' })).to.equal(1);
    expect(total(families, 'support_message_deliveries_total')).to.equal(3);
  });
});
