import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { AllowedHost, checkWebhookUrl, ServiceItself } from '@support/domain';

/** A service at https://support.example.com, listening on port 8080 of a machine whose interfaces are 10.0.0.5 and fe80::1. */
const SERVICE: ServiceItself = { publicOrigin: { host: 'support.example.com', port: 443 }, listeningPort: 8080, localAddresses: ['10.0.0.5', 'fe80::1'] };
const allowing = (...allowedHosts: AllowedHost[]) => ({ allowedHosts, serviceItself: SERVICE });
const refusal = (url: string, rules: ReturnType<typeof allowing>): string => {
  const checked = checkWebhookUrl(url, rules);
  return E.isLeft(checked) ? checked.left : expect.fail(`expected ${url} to be refused, it was taken`);
};

describe('webhook URL rules: the allowed host on its port only, never the service itself', () => {
  it('given 127.0.0.1:9000 allowed, when a subscription targets it, then it is taken; another port of the same host is refused, naming the host and port', () => {
    // given
    const rules = allowing({ host: '127.0.0.1', port: 9000 });
    // then
    expect(checkWebhookUrl('http://127.0.0.1:9000/in', rules)).to.deep.equal(E.right('http://127.0.0.1:9000/in'));
    expect(refusal('http://127.0.0.1:9001/in', rules)).to.equal(
      'url must be https (got http); plain http is only for a host and port the operator allows (WEBHOOK_ALLOWED_HOSTS), and 127.0.0.1:9001 is not one',
    );
    expect(refusal('http://127.0.0.1/in', rules)).to.match(/127\.0\.0\.1:80 is not one$/);
  });

  it('given the service\'s own host and ports allowed, when a subscription targets the service itself, then it is refused naming the host and port, never the path or query', () => {
    // given: every way to the service allowed
    const rules = allowing(
      { host: '127.0.0.1', port: 8080 }, { host: 'localhost', port: 8080 }, { host: '::1', port: 8080 }, { host: '10.0.0.5', port: 8080 },
      { host: 'support.example.com', port: 443 }, { host: '0.0.0.0', port: 8080 },
    );
    for (const [url, named] of [
      ['http://127.0.0.1:8080/admin/events?token=s3cret', '127.0.0.1:8080'],
      ['http://127.0.0.2:8080/admin/events', '127.0.0.2:8080'],
      ['http://localhost:8080/admin/events', 'localhost:8080'],
      ['http://[::1]:8080/admin/events', '[::1]:8080'],
      ['http://[::ffff:127.0.0.1]:8080/admin/events', '[::ffff:7f00:1]:8080'],
      ['http://0.0.0.0:8080/admin/events', '0.0.0.0:8080'],
      ['http://[::]:8080/admin/events', '[::]:8080'],
      ['http://10.0.0.5:8080/admin/events', '10.0.0.5:8080'],
      ['https://[fe80::1]:8080/admin/events', '[fe80::1]:8080'],
      ['https://Support.Example.com/admin/events?token=s3cret', 'support.example.com:443'],
      ['http://support.example.com:443/admin/events', 'support.example.com:443'],
    ] as const) {
      // when
      const why = refusal(url, rules);
      // then
      expect(why, url).to.equal(`url must not target this service itself (${named}): a webhook goes to a receiver outside it`);
      expect(why, url).to.not.include('/admin').and.not.include('s3cret');
    }
  });

  it('given the service\'s addresses on another port, or its public host on another port, then the target is not the service itself', () => {
    const rules = allowing({ host: '127.0.0.1', port: 9000 }, { host: '10.0.0.5', port: 9000 });
    for (const url of ['http://127.0.0.1:9000/in', 'http://10.0.0.5:9000/in', 'https://support.example.com:8443/in', 'https://crm.example.com:8080/in']) {
      expect(checkWebhookUrl(url, rules), url).to.deep.equal(E.right(url));
    }
  });
});
