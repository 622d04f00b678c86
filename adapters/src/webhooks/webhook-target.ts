import { isIP } from 'node:net';
import { AllowedHost, hostAndPort, isAllowedTarget, isServiceItself, ServiceItself, targetOrigin } from '@support/domain';
import { forbiddenAddress } from './forbidden-addresses';

/** How targets are judged: the operator's allowed hosts and ports, where the service itself answers, and DNS resolution. */
export interface TargetRules {
  readonly allowedHosts: readonly AllowedHost[];
  /** Never a target, even on an allowed host and port; unset: a sender with no service behind it (tests). */
  readonly serviceItself?: ServiceItself;
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

/**
 * The target rules: an absolute http(s) URL without credentials; never the service itself (its
 * host and port, and every address the host resolves to at that port); https unless the host and
 * port are allowed; the host (an IP literal as is, else resolved) must not be, or resolve to, any
 * private, loopback, link-local, unspecified, multicast or reserved address, unless the host and
 * port are allowed. Reasons name the host and port, never the rest of the URL (its path or query
 * may carry a token).
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
  const origin = targetOrigin(url);
  const { host, port } = origin;
  if (host === '') return { ok: false, reason: 'the URL has no host' };
  const itself = (address: string) => rules.serviceItself !== undefined && isServiceItself({ host: address, port }, rules.serviceItself);
  if (itself(host)) return { ok: false, reason: `${hostAndPort(origin)} is this service itself` };
  const allowed = isAllowedTarget(rules.allowedHosts, url);
  if (url.protocol === 'http:' && !allowed) return { ok: false, reason: `the URL is not https (plain http only for a host and port the operator allows; ${hostAndPort(origin)} is not one)` };
  let addresses: readonly string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : await rules.lookup(host);
  } catch {
    return { ok: false, reason: `the host ${host} does not resolve`, unresolved: true };
  }
  if (addresses.length === 0) return { ok: false, reason: `the host ${host} does not resolve`, unresolved: true };
  for (const address of addresses) {
    if (isIP(address) === 0) return { ok: false, reason: `the host ${host} resolves to something that is not an IP address` };
    if (itself(address)) return { ok: false, reason: `the host ${host} resolves to ${address}, where port ${port} is this service itself` };
    const why = allowed ? null : forbiddenAddress(address);
    if (why !== null) return { ok: false, reason: `the host ${host} resolves to ${why} (allowed only for a host and port the operator allows)` };
  }
  return { ok: true, url, host, addresses };
};
