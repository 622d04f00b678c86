import { expect } from 'chai';
import { streamNameFilter } from '@support/adapters/dist/event-store/embedded/stream-name-filter';
import { prepareEvent, storedEventPayload } from '@support/adapters/dist/event-store/embedded/stored-event';

const recordOf = (streamName: string): Buffer =>
  storedEventPayload(prepareEvent({ id: 'e-1', type: 'Happened', data: { streamName: 'ticket-in-the-data' }, metadata: { version: 1 } }), {
    streamName, revision: 0, position: 42, created: new Date('2026-01-01T00:00:00.000Z'), batchEnd: true,
  });

describe('stream name filter (records skipped undecoded by a subscription)', () => {
  it('given records of several streams, when filtered by prefixes, then only the streams starting with one are wanted', () => {
    const wants = streamNameFilter(['ticket-', 'customer-'])!;
    expect(wants(recordOf('ticket-123'))).to.equal(true);
    expect(wants(recordOf('customer-9'))).to.equal(true);
    expect(wants(recordOf('ticket_number-acme'))).to.equal(false);
    expect(wants(recordOf('open_ticket-acme-c1-t1'))).to.equal(false);
    expect(wants(recordOf('tick'))).to.equal(false);
  });

  it('given a record of another shape, then it is answered "maybe" (decoded and filtered as an event)', () => {
    const wants = streamNameFilter(['ticket-'])!;
    expect(wants(Buffer.from('{"streamName":"other","position":"1"}'))).to.equal(true);
    expect(wants(Buffer.from('{"position":"1"}'))).to.equal(true);
  });

  it('given no prefixes or one JSON would escape, then there is no filter', () => {
    expect(streamNameFilter([])).to.equal(undefined);
    expect(streamNameFilter(['a"b'])).to.equal(undefined);
  });
});
