/**
 * What "one client address" means to the limits that hold per address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit an address is counted in: the address itself for IPv4 (an IPv4-mapped IPv6 address
 * too), and the /64 prefix for IPv6, since one host is handed a whole /64 and may use any address
 * in it. `address` is the client's address as the HTTP layer determines it (behind TRUST_PROXY, the
 * one the trusted proxies forward). Every limit per address counts in this unit: sockets, failed
 * sign-ins and codes sent; a session and the audit log keep the address itself.
 */
export function addressUnit(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, without leading zeros (`::` expanded). */
function ipv6Groups(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 part (`::1.2.3.4`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...middle, ...back].map((group) => parseInt(group, 16).toString(16));
}
