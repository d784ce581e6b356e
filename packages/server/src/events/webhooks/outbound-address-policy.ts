import { BlockList, isIP } from 'node:net';

/** Why an address may not receive an outbound call (DESIGN.md §7). */
export type ForbiddenReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

type Family = 'ipv4' | 'ipv6';
type Group = readonly [reason: ForbiddenReason, subnets: readonly (readonly [string, number])[]];

/** Checked in order: a more specific group (metadata inside link-local) comes before its parent. */
const IPV4_GROUPS: readonly Group[] = [
  // AWS/GCP/Azure/OpenStack instance metadata; Alibaba Cloud's; Azure's WireServer.
  [
    'metadata',
    [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
      ['168.63.129.16', 32],
    ],
  ],
  ['broadcast', [['255.255.255.255', 32]]],
  ['unspecified', [['0.0.0.0', 8]]],
  ['loopback', [['127.0.0.0', 8]]],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  ],
  ['shared', [['100.64.0.0', 10]]],
  ['link-local', [['169.254.0.0', 16]]],
  [
    'documentation',
    [
      ['192.0.2.0', 24],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
    ],
  ],
  ['benchmarking', [['198.18.0.0', 15]]],
  ['multicast', [['224.0.0.0', 4]]],
  [
    'reserved',
    [
      ['192.0.0.0', 24],
      ['192.88.99.0', 24],
      ['240.0.0.0', 4],
    ],
  ],
];

/** IPv6 after the forms that embed an IPv4 address have been judged by that address. */
const IPV6_GROUPS: readonly Group[] = [
  ['unspecified', [['::', 128]]],
  ['loopback', [['::1', 128]]],
  ['metadata', [['fd00:ec2::254', 128]]],
  ['unique-local', [['fc00::', 7]]],
  ['link-local', [['fe80::', 10]]],
  ['multicast', [['ff00::', 8]]],
  [
    'documentation',
    [
      ['2001:db8::', 32],
      ['3fff::', 20],
    ],
  ],
  // IETF protocol assignments: Teredo, benchmarking (2001:2::/48), ORCHID.
  ['reserved', [['2001::', 23]]],
];

function blockList(subnets: Group[1], family: Family): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

const compile = (groups: readonly Group[], family: Family) =>
  groups.map(([reason, subnets]) => [reason, blockList(subnets, family)] as const);
const IPV4_LISTS = compile(IPV4_GROUPS, 'ipv4');
const IPV6_LISTS = compile(IPV6_GROUPS, 'ipv6');
/** Everything outside global unicast (2000::/3) is refused as reserved. */
const GLOBAL_UNICAST = blockList([['2000::', 3]], 'ipv6');
/** Prefixes that carry an IPv4 address, with the index of the 16-bit word where it starts. */
const EMBEDDING_V4 = [
  [blockList([['::ffff:0:0', 96]], 'ipv6'), 6], // IPv4-mapped
  [blockList([['64:ff9b::', 96]], 'ipv6'), 6], // NAT64 well-known prefix (RFC 6052)
  [blockList([['2002::', 16]], 'ipv6'), 1], // 6to4
] as const;

/** The eight 16-bit words of an IPv6 address that `isIP` has accepted (no zone). */
function ipv6Words(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((w) => Number.parseInt(w, 16));
}

function embeddedIpv4(address: string): string | undefined {
  for (const [list, at] of EMBEDDING_V4) {
    if (!list.check(address, 'ipv6')) continue;
    const words = ipv6Words(address);
    const hi = words[at] ?? 0;
    const lo = words[at + 1] ?? 0;
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return undefined;
}

/**
 * Why an outbound call must not go to `address`, or undefined when it is a public unicast address.
 * Takes an IPv4 or IPv6 literal as `dns.lookup` or `URL.hostname` gives it (brackets and an IPv6 zone
 * are tolerated); anything else is `'invalid'`, so a caller that passes a host name fails closed.
 * IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
 * `2002::/16`) are judged by that address; IPv6 outside global unicast 2000::/3 is `'reserved'`.
 */
export function isForbiddenAddress(address: string): ForbiddenReason | undefined {
  let literal = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  literal = literal.split('%')[0] ?? '';
  const version = isIP(literal);
  if (version === 4) return IPV4_LISTS.find(([, list]) => list.check(literal, 'ipv4'))?.[0];
  if (version !== 6) return 'invalid';
  const v4 = embeddedIpv4(literal);
  if (v4 !== undefined) return isForbiddenAddress(v4);
  const reason = IPV6_LISTS.find(([, list]) => list.check(literal, 'ipv6'))?.[0];
  return reason ?? (GLOBAL_UNICAST.check(literal, 'ipv6') ? undefined : 'reserved');
}

const PHRASES: Record<ForbiddenReason, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private address',
  shared: 'a shared (carrier-grade NAT) address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  'unique-local': 'a unique-local address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  invalid: 'not an IP address',
};

/** The reason in words for an error message: `'private'` → `'a private address'`. */
export function describeForbidden(reason: ForbiddenReason): string {
  return PHRASES[reason];
}

/** What the operator allows for outbound calls; `allowPrivate` lifts every address and name check. */
export interface OutboundPolicy {
  readonly allowPrivate: boolean;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;
/** Names that only ever mean this machine or a private network. */
const INTERNAL_NAME = /(^|\.)(localhost|internal|local)$/;

/**
 * Registration-time check of a webhook URL: absolute http(s) (https only when `requireHttps`), no
 * user name or password, at most 2048 characters, and unless `allowPrivate` neither a forbidden IP
 * literal nor a local or internal name (`localhost`, `*.localhost`, `*.internal`, `*.local`). Odd IPv4
 * spellings (`0x7f.1`, `2130706433`) are normalised by the URL parser before they are judged. `reason`
 * is plain words for an API error. A name that resolves to a private address passes here: delivery
 * (`postWebhook`) checks every resolved address again at connect time.
 */
export function checkWebhookUrl(
  url: string,
  options: OutboundPolicy & { readonly requireHttps: boolean },
): WebhookUrlCheck {
  if (url.length > MAX_URL_LENGTH)
    return { ok: false, reason: `the URL must be at most ${MAX_URL_LENGTH} characters long` };
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined) return { ok: false, reason: 'the URL is not a valid absolute URL' };
  if (options.requireHttps && parsed.protocol !== 'https:')
    return { ok: false, reason: 'the URL must use https' };
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return { ok: false, reason: 'the URL must use http or https' };
  if (parsed.username !== '' || parsed.password !== '')
    return { ok: false, reason: 'the URL must not contain a user name or password' };
  if (options.allowPrivate) return { ok: true, url: parsed };
  const host = parsed.hostname.replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    const reason = isForbiddenAddress(host);
    if (reason !== undefined)
      return { ok: false, reason: `the destination ${host} is ${describeForbidden(reason)}` };
  } else if (INTERNAL_NAME.test(host)) {
    return { ok: false, reason: `the destination ${host} is a local or internal host name` };
  }
  return { ok: true, url: parsed };
}
