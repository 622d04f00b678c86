import { BlockList, isIP } from 'node:net';

type Range = readonly [network: string, prefix: number];

/**
 * Addresses a webhook may not reach unless the operator allows the host, by kind. Node's BlockList
 * does the matching (no hand-written parsing), and it matches an IPv4-mapped IPv6 address
 * (::ffff:10.0.0.1, ::ffff:a00:1) against the IPv4 ranges.
 *
 * Some IPv6 ranges embed an IPv4 address that may be routed to a private network (IPv4-compatible
 * ::/96, SIIT ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo within 2001::/23):
 * they are refused whole rather than decoded. A host on an IPv6-only network behind DNS64 would
 * need to be allowed by the operator.
 */
const RANGES: readonly (readonly [kind: string, ipv4: readonly Range[], ipv6: readonly Range[]])[] = [
  ['unspecified', [['0.0.0.0', 8]], [['::', 128]]],
  ['loopback', [['127.0.0.0', 8]], [['::1', 128]]],
  ['private', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]], [['fc00::', 7], ['fec0::', 10]]],
  ['link-local', [['169.254.0.0', 16]], [['fe80::', 10]]],
  ['multicast', [['224.0.0.0', 4]], [['ff00::', 8]]],
  [
    'reserved',
    [['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['240.0.0.0', 4]],
    [['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16]],
  ],
];

const LISTS = RANGES.map(([kind, ipv4, ipv6]) => {
  const list = new BlockList();
  for (const [network, prefix] of ipv4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of ipv6) list.addSubnet(network, prefix, 'ipv6');
  return { kind, list };
});

/** Why the address may not be a webhook target (private, loopback, link-local, unspecified, multicast, reserved), or null when it may. */
export const forbiddenAddress = (address: string): string | null => {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const hit = LISTS.find(({ list }) => list.check(address, family === 4 ? 'ipv4' : 'ipv6'));
  return hit === undefined ? null : `${address} is ${/^[aeiou]/.test(hit.kind) ? 'an' : 'a'} ${hit.kind} address`;
};
