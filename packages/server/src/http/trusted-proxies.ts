import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The ranges behind proxy-addr's names, which `BELLWETHER_TRUST_PROXY` accepts too. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a peer address is one of the trusted proxies (config `http.trustProxy`: addresses, CIDR
 * ranges and proxy-addr's names, as Fastify's `trustProxy` reads them). Used where Fastify's own
 * check is not at hand: a new connection, before any request.
 */
export function trustedProxyMatcher(ranges: readonly string[]): (address: string | undefined) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges.flatMap((r) => NAMED_RANGES[r] ?? [r])) {
    const [address = '', bits] = range.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (address === undefined) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped !== undefined) return list.check(mapped, 'ipv4');
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}
