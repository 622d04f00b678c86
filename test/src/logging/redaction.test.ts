import { expect } from 'chai';
import { redactText, REDACTED } from '@support/adapters';
import { capturedLogger } from './captured-logger';

describe('log redaction (adapters/src/logging/log-redaction.ts)', () => {
  const logOne = (message: string, fields: Record<string, unknown>) => {
    const c = capturedLogger();
    c.logger.error(message, fields);
    return { entry: c.entries()[0], line: c.lines[0] };
  };

  it('given secrets under their keys at any depth, then their values never reach the line; ids stay', () => {
    const { entry, line } = logOne('call failed', {
      tokenId: 'tok-admin', accessToken: 'wa-secret-123', headers: { Authorization: 'Bearer abc.def', 'X-Api-Key': 'k-999' }, config: { password: 'pw-1', clientSecret: 's-2' },
    });
    for (const secret of ['wa-secret-123', 'abc.def', 'k-999', 'pw-1', 's-2']) expect(line).to.not.include(secret);
    expect(entry).to.deep.include({ tokenId: 'tok-admin', accessToken: REDACTED, headers: { Authorization: REDACTED, 'X-Api-Key': REDACTED }, config: { password: REDACTED, clientSecret: REDACTED } });
  });

  it('given phone numbers, emails and bodies under their keys, then they are redacted', () => {
    const { entry } = logOne('customer', {
      phone: '+14155552671', customerEmail: 'kim@example.com', to: '+919876543210', body: { query: 'my order' }, text: 'hello', query: 'broken mug', subject: 'Damaged',
    });
    expect(entry).to.include({ phone: REDACTED, customerEmail: REDACTED, to: REDACTED, body: REDACTED, text: REDACTED, query: REDACTED, subject: REDACTED });
  });

  it('given phone numbers, emails and Bearer tokens inside any text, the message included, then they are cut out', () => {
    const { entry, line } = logOne('no customer for kim@example.com or +1 415 555 2671', {
      errorMessage: 'lookup of 98765 43210 (Authorization: Bearer sk_live_42) failed',
      stack: 'Error: bad phone +919876543210\n    at f (file.js:12:5)',
      list: ['ana@example.org'],
    });
    for (const personal of ['kim@example.com', '415 555 2671', '98765 43210', 'sk_live_42', '+919876543210', 'ana@example.org']) expect(line).to.not.include(personal);
    expect(entry.message).to.equal('no customer for [email] or [phone]');
    expect(entry.errorMessage).to.equal(`lookup of [phone] (Authorization: Bearer ${REDACTED}) failed`);
    expect(entry.stack).to.match(/at f \(file\.js:12:5\)/);
  });

  it('keeps what is not personal: dates, times, uuids, short numbers, routes', () => {
    const kept = ['2026-03-01', '2026-03-01T10:00:00.000Z', '0b8e6f1c-4d2a-4c51-9d7e-123456789012', 'ticket 42 of 1001', '/apis/tickets/manual', 'wamid.HBgL'];
    for (const text of kept) expect(redactText(text)).to.equal(text);
  });
});
