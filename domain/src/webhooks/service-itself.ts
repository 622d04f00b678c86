import { normalizeHost, TargetOrigin } from './target-origin';

/**
 * Where this service answers, which no webhook may target (an account would reach the service's
 * own routes from inside). The composition root finds the values; the check here is pure.
 */
export interface ServiceItself {
  /** The origin of PUBLIC_BASE_URL: its host and port. */
  readonly publicOrigin: TargetOrigin;
  /** The port this process listens on: the service itself at any of the machine's own addresses. */
  readonly listeningPort: number;
  /** The machine's interface addresses (loopback, unspecified and `localhost` count without being listed). */
  readonly localAddresses: readonly string[];
}

/** An address as compared here: an IPv6 one as a URL spells it, an IPv4-mapped one (::ffff:7f00:1) as its IPv4 address. */
const comparable = (raw: string): string => {
  let host = normalizeHost(raw);
  if (host.includes(':')) {
    try {
      host = normalizeHost(new URL(`http://[${host}]/`).hostname);
    } catch {
      return host;
    }
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped === null) return host;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

/** localhost, 127.0.0.0/8, ::1, or the unspecified 0.0.0.0 and :: (which reach the machine itself). */
const isLoopbackOrUnspecified = (host: string): boolean =>
  host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '0.0.0.0' || host === '::1' || host === '::';

/**
 * Whether the host (a name or an address) and port are this service: PUBLIC_BASE_URL's host and
 * port, or the listening port at a loopback, unspecified or local-interface address.
 */
export const isServiceItself = (target: TargetOrigin, self: ServiceItself): boolean => {
  const host = comparable(target.host);
  if (host === comparable(self.publicOrigin.host) && target.port === self.publicOrigin.port) return true;
  if (target.port !== self.listeningPort) return false;
  return isLoopbackOrUnspecified(host) || self.localAddresses.some((address) => comparable(address) === host);
};
