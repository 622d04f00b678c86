import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';

/**
 * DNS rebinding defence. A target's host is resolved and every address checked just before the
 * request; the request then connects only to those checked addresses: its socket's `lookup` is
 * replaced by one that answers them, whatever name it is asked for, so the name is not resolved a
 * second time (a DNS answer that changed in between cannot send the request elsewhere). Node tries
 * them in turn (happy eyeballs). The Host header and, for https, SNI and the certificate check
 * still use the URL's host name.
 *
 * Kept-alive sockets are pooled by the agent under its name for the request; the name here also
 * holds the checked addresses, so a request never reuses a socket opened to addresses checked for
 * another resolution. The agents belong to one sender (not Node's global ones).
 */
interface PinnedRequestOptions {
  readonly lookup: LookupFunction;
  readonly pinnedAddresses: string;
}

const familyOf = (address: string): 4 | 6 => (isIP(address) === 6 ? 6 : 4);

/** A lookup answering only the given addresses (checked beforehand), for any host. */
const pinnedLookup = (addresses: readonly string[]): LookupFunction => (_host, options, callback) => {
  const answer = callback as unknown as (error: null, address: string | { address: string; family: number }[], family?: number) => void;
  const family = (options as { family?: number | string }).family;
  const wanted = family === 4 || family === 6 ? addresses.filter((a) => familyOf(a) === family) : addresses;
  const usable = wanted.length > 0 ? wanted : addresses;
  if ((options as { all?: boolean }).all) answer(null, usable.map((address) => ({ address, family: familyOf(address) })));
  else answer(null, usable[0], familyOf(usable[0]));
};

/** Request options that pin the connection to the checked addresses. */
export const pinnedTo = (addresses: readonly string[]): PinnedRequestOptions => ({ lookup: pinnedLookup(addresses), pinnedAddresses: addresses.join(',') });

const pinnedName = (name: string, options: unknown): string => `${name}|${(options as Partial<PinnedRequestOptions> | undefined)?.pinnedAddresses ?? ''}`;

class PinnedHttpAgent extends http.Agent {
  override getName(options?: http.ClientRequestArgs): string {
    return pinnedName(super.getName(options), options);
  }
}

class PinnedHttpsAgent extends https.Agent {
  override getName(options?: https.RequestOptions): string {
    return pinnedName(super.getName(options), options);
  }
}

/** An http and an https agent (keep-alive) that pool sockets per host and checked addresses. */
export const pinnedAgents = () => ({ 'http:': new PinnedHttpAgent({ keepAlive: true }), 'https:': new PinnedHttpsAgent({ keepAlive: true }) }) as const;
