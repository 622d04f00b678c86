import * as E from 'fp-ts/Either';
import { defaultPort, normalizeHost, targetOrigin } from './target-origin';

/**
 * One entry of WEBHOOK_ALLOWED_HOSTS: a host (a name or an IP address) that a webhook may reach
 * over plain http and at a private or loopback address, on one port only. `port` null (a bare
 * host) is the URL's default port only: 80 for http, 443 for https.
 */
export interface AllowedHost {
  readonly host: string;
  readonly port: number | null;
}

/** How an entry is written, for the messages that refuse one. */
export const ALLOWED_HOST_FORM = 'host:port, e.g. 127.0.0.1:9000, [::1]:9000 or hooks.internal:8080 (a bare host allows only port 80 for http and 443 for https)';

/** `host`, `host:port`, `[ipv6]` or `[ipv6]:port`; the port is checked apart. */
const ENTRY = /^(?:\[(?<v6>[^\]]*)\]|(?<name>[^[\]:]*))(?::(?<port>.*))?$/;
/** What would make the host part a URL of its own (a path, a query, credentials) rather than a host. */
const NOT_IN_A_HOST = /[/?#@\\\s%]/;

const refused = (entry: string, why: string): E.Either<string, never> => E.left(`entry ${JSON.stringify(entry)} ${why}: write ${ALLOWED_HOST_FORM}`);

/** The host as a URL spells it (127.1 is 127.0.0.1, an IPv6 address compressed, a name in punycode), or null when it is none. */
const canonicalHost = (host: string, v6: boolean): string | null => {
  try {
    return normalizeHost(new URL(`http://${v6 ? `[${host}]` : host}/`).hostname);
  } catch {
    return null;
  }
};

/** One entry, checked: a host and a port from 1 to 65535, or why not (naming the entry and the form). */
export const parseAllowedHost = (raw: string): E.Either<string, AllowedHost> => {
  const entry = raw.trim();
  if (!entry.startsWith('[') && entry.split(':').length > 2) return refused(entry, 'is an IPv6 address without brackets');
  const parts = ENTRY.exec(entry)?.groups;
  if (parts === undefined) return refused(entry, 'is not a host and a port');
  const v6 = parts.v6 !== undefined;
  const written = parts.v6 ?? parts.name ?? '';
  if (written === '') return refused(entry, 'has no host');
  if (NOT_IN_A_HOST.test(written)) return refused(entry, 'is not a host name or an IP address');
  const host = canonicalHost(written, v6);
  if (host === null || host === '') return refused(entry, 'is not a host name or an IP address');
  if (parts.port === undefined) return E.right({ host, port: null });
  const port = /^\d{1,5}$/.test(parts.port) ? Number(parts.port) : NaN;
  if (!(port >= 1 && port <= 65535)) return refused(entry, 'has a port that is not a whole number from 1 to 65535');
  return E.right({ host, port });
};

/** WEBHOOK_ALLOWED_HOSTS: comma-separated entries (blank ones skipped), or why the first bad one is refused. */
export const parseAllowedHosts = (list: string): E.Either<string, readonly AllowedHost[]> => {
  const out: AllowedHost[] = [];
  for (const entry of list.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const parsed = parseAllowedHost(entry);
    if (E.isLeft(parsed)) return parsed;
    out.push(parsed.right);
  }
  return E.right(out);
};

/** Whether an entry allows the URL: the same host, and the entry's port (a bare host: the scheme's default port) is the one the URL goes to. */
export const isAllowedTarget = (allowed: readonly AllowedHost[], url: URL): boolean => {
  const { host, port } = targetOrigin(url);
  return allowed.some((a) => a.host === host && port === (a.port ?? defaultPort(url.protocol)));
};
