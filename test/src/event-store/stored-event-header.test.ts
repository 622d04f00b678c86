import { expect } from 'chai';
import { decodeStoredEventHeader, prepareEvent, storedEventPayload } from '@support/adapters/dist/event-store/embedded/stored-event';
import { plainStoredEventHeader } from '@support/adapters/dist/event-store/embedded/stored-event-header';

const record = (streamName: string, id: string, type: string, batchEnd: boolean): Buffer =>
  storedEventPayload(prepareEvent({ id, type, data: { note: 'ünïcode "quoted" data', n: 1 }, metadata: { version: 1, requestId: 'r-1' } }), {
    streamName, revision: 41, position: 123_456, created: new Date('2026-11-23T10:00:00.000Z'), batchEnd,
  });

describe('embedded log: reading a record header straight from its bytes (log open)', () => {
  it('given records with plain ASCII names, when their header is read, then it equals the header parsed as JSON', () => {
    for (const batchEnd of [true, false]) {
      const payload = record('ticket-7f1c', 'e-1', 'TicketCreated', batchEnd);
      expect(plainStoredEventHeader(payload)).to.deep.equal({ position: 123_456, streamName: 'ticket-7f1c', eventId: 'e-1', revision: 41, batchEnd });
      expect(decodeStoredEventHeader(payload, false)).to.deep.equal(decodeStoredEventHeader(payload, true));
    }
  });

  it('given a stream name with an escaped or non-ASCII character, when the header is read, then the fast path steps aside and JSON gives the right name', () => {
    for (const name of ['ticket-"quoted"', 'customer-Zoë', 'ticket-tab\there']) {
      const payload = record(name, 'e-2', 'CustomerCreated', true);
      expect(plainStoredEventHeader(payload)).to.equal(null);
      expect(decodeStoredEventHeader(payload, false).streamName).to.equal(name);
    }
  });

  it('given bytes that are not a stored record, when the header is read, then the fast path answers null and the JSON path refuses them', () => {
    for (const text of ['{"position":"x"}', '{"position":"1","streamName":"s","eventId":"e","type":"T","revision":"0","created":"c","batchEnd":maybe,"data":1}', 'garbage']) {
      expect(plainStoredEventHeader(Buffer.from(text))).to.equal(null);
      expect(() => decodeStoredEventHeader(Buffer.from(text), false)).to.throw();
    }
  });
});
