import { isIP } from 'node:net';
import { forbiddenAddress } from './forbidden-addresses';

/** How targets are judged: the operator's allowed hosts (lower case) and DNS resolution. */
export interface TargetRules {
  readonly allowedHosts: ReadonlySet<string>;
  readonly lookup: (host: string) => Promise<readonly string[]>;
}

/**
 * A target that may be reached, with every address its host resolved to (all of them checked), or
 * why not. `unresolved` marks a refusal only because the host did not resolve (now): a delivery
 * counts that as a network failure, worth another try, rather than a refused target.
 */
type ResolvedTarget =
  | { readonly ok: true; readonly url: URL; readonly host: string; readonly addresses: readonly string[] }
  | { readonly ok: false; readonly reason: string; readonly unresolved?: true };

/** The host as the allow-list compares it: lower case, no IPv6 brackets, no trailing dot. */
export const normalizeHost = (host: string): string => host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');

/**
 * The target rules: an absolute http(s) URL without credentials; https unless the host is allowed;
 * the host (an IP literal as is, else resolved) must not be, or resolve to, any private, loopback,
 * link-local, unspecified, multicast or reserved address, unless the host is allowed. Reasons name
 * the host, never the rest of the URL (its path or query may carry a token).
 */
export const resolveTarget = async (raw: string, rules: TargetRules): Promise<ResolvedTarget> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the URL is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'the URL is not https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'the URL carries credentials' };
  const host = normalizeHost(url.hostname);
  if (host === '') return { ok: false, reason: 'the URL has no host' };
  const allowed = rules.allowedHosts.has(host);
  if (url.protocol === 'http:' && !allowed) return { ok: false, reason: `the URL is not https (plain http only for hosts the operator allows; ${host} is not one)` };
  let addresses: readonly string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : await rules.lookup(host);
  } catch {
    return { ok: false, reason: `the host ${host} does not resolve`, unresolved: true };
  }
  if (addresses.length === 0) return { ok: false, reason: `the host ${host} does not resolve`, unresolved: true };
  for (const address of addresses) {
    if (isIP(address) === 0) return { ok: false, reason: `the host ${host} resolves to something that is not an IP address` };
    const why = allowed ? null : forbiddenAddress(address);
    if (why !== null) return { ok: false, reason: `the host ${host} resolves to ${why} (allowed only for hosts the operator allows)` };
  }
  return { ok: true, url, host, addresses };
};
