import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client's requests are counted under by the limits: an IPv4 address as it is, an IPv4-mapped IPv6
 * address (`::ffff:203.0.113.7`, a dual-stack socket's view of an IPv4 client) as its IPv4 address, and any other
 * IPv6 address by its /64 (`2001:db8:1:2::/64`): a provider hands each line a /64 at least, so one client can
 * take a fresh address for every request, and only the network is the client (issue 37, item 1). What is not an
 * IP address is kept as it is.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  // a link-local address may name its interface (fe80::1%eth0): not part of the address
  const [address] = ip.split('%', 1);
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  // the URL parser (WHATWG) writes any valid IPv6 address in one form: hexadecimal groups, no embedded IPv4
  // part, at most one '::' for the longest run of zeros
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail = ''] = canonical.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
