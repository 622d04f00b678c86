import { expect } from 'chai';
import { readSettings } from '@support/app';

describe('OPERATOR_TOKEN and LOG_LEVEL (settings)', () => {
  it('given no OPERATOR_TOKEN, then the admin routes take account admins only', () => {
    expect(readSettings({}).operatorToken).to.equal(undefined);
    expect(readSettings({ OPERATOR_TOKEN: '  ' }).operatorToken).to.equal(undefined);
  });

  it('given a token of 32 characters or more, then it is kept; a shorter one, or one with spaces, stops startup', () => {
    expect(readSettings({ OPERATOR_TOKEN: 'x'.repeat(32) }).operatorToken).to.equal('x'.repeat(32));
    expect(() => readSettings({ OPERATOR_TOKEN: 'short' })).to.throw('OPERATOR_TOKEN must be at least 32 characters without spaces');
    expect(() => readSettings({ OPERATOR_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` })).to.throw(/OPERATOR_TOKEN/);
  });

  it('given LOG_LEVEL, then it is read; an unknown level stops startup naming the allowed ones', () => {
    expect(readSettings({}).logLevel).to.equal('info');
    expect(readSettings({ LOG_LEVEL: 'Error' }).logLevel).to.equal('error');
    expect(() => readSettings({ LOG_LEVEL: 'loud' })).to.throw(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
  });
});
