import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit a per-address limit counts: an IPv4 address, or an IPv6 address's /64 network (one
 * subscriber's allocation: a client holding a /64 must not get 2^64 budgets). IPv4-mapped IPv6
 * addresses (`::ffff:192.0.2.1`) count as their IPv4 address. Anything else is used as it is.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === '') return '';
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped !== null) return mapped[1] as string;
  const zoneless = lower.split('%')[0] as string;
  const [head = '', tail] = zoneless.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    while (groups.length + rest.length < 8) groups.push('0');
    groups.push(...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}
