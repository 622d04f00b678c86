import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { readSettings } from '@support/app';
import { isAllowedTarget, parseAllowedHosts } from '@support/domain';

const parsed = (list: string) => {
  const result = parseAllowedHosts(list);
  return E.isRight(result) ? result.right : expect.fail(`expected ${list} to parse: ${result.left}`);
};

describe('WEBHOOK_ALLOWED_HOSTS: each entry is a host and a port', () => {
  it('given host:port entries, then each allows its host on its port only, an IPv6 address in brackets, a name in lower case', () => {
    // when
    const allowed = parsed(' 127.0.0.1:9000, [::1]:9001 ,Hooks.Internal:8443,, 127.1:9002 ');
    // then
    expect(allowed).to.deep.equal([
      { host: '127.0.0.1', port: 9000 }, { host: '::1', port: 9001 }, { host: 'hooks.internal', port: 8443 }, { host: '127.0.0.1', port: 9002 },
    ]);
    expect(isAllowedTarget(allowed, new URL('http://127.0.0.1:9000/in'))).to.equal(true);
    expect(isAllowedTarget(allowed, new URL('http://127.0.0.1:9003/in'))).to.equal(false);
    expect(isAllowedTarget(allowed, new URL('http://127.0.0.1/in'))).to.equal(false);
    expect(isAllowedTarget(allowed, new URL('http://[::1]:9001/in'))).to.equal(true);
    expect(isAllowedTarget(allowed, new URL('http://[::1]:9000/in'))).to.equal(false);
    expect(isAllowedTarget(allowed, new URL('https://HOOKS.internal.:8443/in'))).to.equal(true);
  });

  it('given a bare host, then it allows only the default ports: 80 for http, 443 for https', () => {
    const allowed = parsed('hooks.internal');
    expect(allowed).to.deep.equal([{ host: 'hooks.internal', port: null }]);
    expect(isAllowedTarget(allowed, new URL('http://hooks.internal/in'))).to.equal(true);
    expect(isAllowedTarget(allowed, new URL('http://hooks.internal:80/in'))).to.equal(true);
    expect(isAllowedTarget(allowed, new URL('https://hooks.internal/in'))).to.equal(true);
    expect(isAllowedTarget(allowed, new URL('http://hooks.internal:443/in'))).to.equal(false);
    expect(isAllowedTarget(allowed, new URL('http://hooks.internal:8080/in'))).to.equal(false);
  });

  it('given a bad entry, when the settings are read, then the start stops naming the entry and the expected form', () => {
    for (const [list, why] of [
      ['127.0.0.1:9000,host:abc', 'has a port that is not a whole number from 1 to 65535'],
      ['host:0', 'has a port that is not a whole number from 1 to 65535'],
      ['host:65536', 'has a port that is not a whole number from 1 to 65535'],
      ['host:', 'has a port that is not a whole number from 1 to 65535'],
      ['::1:9000', 'is an IPv6 address without brackets'],
      [':9000', 'has no host'],
      ['hooks.internal/in:9000', 'is not a host name or an IP address'],
      ['999.1.1.1:9000', 'is not a host name or an IP address'],
    ] as const) {
      const entry = list.split(',').pop()!;
      expect(() => readSettings({ WEBHOOK_ALLOWED_HOSTS: list }), list).to.throw(
        `WEBHOOK_ALLOWED_HOSTS entry ${JSON.stringify(entry)} ${why}: write host:port, e.g. 127.0.0.1:9000, [::1]:9000 or hooks.internal:8080 (a bare host allows only port 80 for http and 443 for https)`,
      );
    }
    expect(readSettings({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9000' }).webhookAllowedHosts).to.deep.equal([{ host: '127.0.0.1', port: 9000 }]);
    expect(readSettings({}).webhookAllowedHosts).to.deep.equal([]);
  });
});
