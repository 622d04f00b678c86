import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, exportCriteria, snapshotCriteria, validateExportRequest } from '@support/domain';

const account = (timezone?: string): Account => ({ id: 'acme', name: 'Acme', ...(timezone !== undefined ? { timezone } : {}) });

describe('export start request (docs/api/exports.md, Start): defaults and checks', () => {
  it('given no body, then the account timezone, en-US and display, and the list\'s criteria (newest first)', () => {
    const r = validateExportRequest(undefined, account('Europe/Berlin'));
    expect(E.isRight(r) && r.right.format).to.deep.equal({ timezone: 'Europe/Berlin', locale: 'en-US', timestampFormat: 'display' });
    expect(E.isRight(r) && r.right.criteria).to.deep.equal({ accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc' });
  });

  it('given an account timezone that is missing or invalid, then Asia/Kolkata', () => {
    for (const acc of [account(), account('Not/AZone')]) {
      const r = validateExportRequest({}, acc);
      expect(E.isRight(r) && r.right.format.timezone).to.equal('Asia/Kolkata');
    }
  });

  it('given a locale in another casing, then its canonical form', () => {
    const r = validateExportRequest({ locale: 'de-de', timestampFormat: 'legacy' }, account());
    expect(E.isRight(r) && r.right.format).to.include({ locale: 'de-DE', timestampFormat: 'legacy' });
  });

  it('given 92 days exactly, then valid; one second more, then the 92-day message', () => {
    expect(E.isRight(validateExportRequest({ startDate: '2026-01-01T00:00:00Z', endDate: '2026-04-03T00:00:00Z' }, account()))).to.equal(true);
    const over = validateExportRequest({ startDate: '2026-01-01T00:00:00Z', endDate: '2026-04-03T00:00:01Z' }, account());
    expect(E.isLeft(over) && over.left.message).to.equal('Export is limited to a maximum date range of 92 days');
  });

  it('given ignoreDateRange with assigned statuses, then the 92-day rule does not apply', () => {
    const r = validateExportRequest({ ignoreDateRange: true, statuses: ['assigned'], startDate: '2025-01-01T00:00:00Z', endDate: '2026-01-01T00:00:00Z' }, account());
    expect(E.isRight(r)).to.equal(true);
  });

  it('given a request time, then the snapshot criteria keep the filters and add createdAt ≤ that time', () => {
    const r = validateExportRequest({ statuses: ['open'], startDate: '2026-01-01T00:00:00Z' }, account());
    if (E.isLeft(r)) throw new Error(r.left.message);
    const c = snapshotCriteria(r.right.criteria, new Date('2026-02-01T00:00:00Z'));
    expect(c).to.deep.equal({
      accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc', statuses: ['open'], from: '2026-01-01T00:00:00.000Z', createdAtMost: '2026-02-01T00:00:00.000Z',
    });
  });

  it('given an export requested before criteria were recorded (filters only), then its criteria are made from the filters and the request time', () => {
    const c = exportCriteria({ filters: { statuses: ['open'] }, requestedAt: '2026-02-01T00:00:00.000Z' }, account());
    expect(c).to.deep.equal(E.right({ accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc', statuses: ['open'], createdAtMost: '2026-02-01T00:00:00.000Z' }));
  });
});
