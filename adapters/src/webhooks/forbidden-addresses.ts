import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless the operator allows the host: private (RFC 1918, CGNAT,
 * unique local), loopback, link-local, unspecified, multicast and reserved ranges. Node's BlockList
 * also matches IPv4-mapped IPv6 forms (::ffff:10.0.0.1) against the IPv4 ranges.
 */
const FORBIDDEN = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
    ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
  ] as const) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) {
    list.addSubnet(net, prefix, 'ipv6');
  }
  return list;
})();

/** Why the address may not be a webhook target, or null when it may. */
export const forbiddenAddress = (address: string): string | null => {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6') ? `${address} is a private, loopback, link-local or reserved address` : null;
};
