import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  type ForbiddenReason,
  isForbiddenAddress,
} from '../../src/events/webhooks/outbound-address-policy.js';

/** Each range of DESIGN.md §7's "never reach" list, at its edges where an edge is easy to get wrong. */
const FORBIDDEN: readonly [string, ForbiddenReason][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['10.0.0.0', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.0', 'shared'],
  ['100.127.255.255', 'shared'],
  ['100.100.100.200', 'metadata'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.254', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fc00::1', 'unique-local'],
  ['fdff:ffff::1', 'unique-local'],
  ['fd00:ec2::254', 'metadata'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:0:4136:e378::1', 'reserved'], // Teredo
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.5', 'private'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['64:ff9b::1', 'unspecified'], // NAT64 of 0.0.0.1
  ['64:ff9b::a00:1', 'private'], // NAT64 of 10.0.0.1
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
  ['::127.0.0.1', 'reserved'], // deprecated IPv4-compatible form: outside 2000::/3
  ['100::1', 'reserved'], // discard-only
  ['fec0::1', 'reserved'], // deprecated site-local
  ['example.com', 'invalid'],
  ['127.1', 'invalid'], // not a literal dns.lookup returns: fail closed
  ['', 'invalid'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
];

describe('isForbiddenAddress', () => {
  it.each(FORBIDDEN)('refuses %s as %s', (address, reason) => {
    expect(isForbiddenAddress(address)).toBe(reason);
  });

  it.each(PUBLIC)('lets public unicast %s through', (address) => {
    expect(isForbiddenAddress(address)).toBeUndefined();
  });

  it.each(['0x7f.1', '2130706433', '127.1', '0177.0.0.1', '0x7f000001'])(
    'refuses the loopback spelling %s once the WHATWG URL parser has normalised it',
    (host) => {
      const hostname = new URL(`http://${host}/`).hostname;
      expect(hostname).toBe('127.0.0.1');
      expect(isForbiddenAddress(hostname)).toBe('loopback');
    },
  );
});

describe('checkWebhookUrl', () => {
  const strict = { allowPrivate: false, requireHttps: true };
  const lax = { allowPrivate: false, requireHttps: false };

  it.each([
    ['not a url', strict, 'the URL is not a valid absolute URL'],
    ['/relative/path', strict, 'the URL is not a valid absolute URL'],
    ['http://hooks.example.com/', strict, 'the URL must use https'],
    ['ftp://hooks.example.com/', lax, 'the URL must use http or https'],
    ['javascript:alert(1)', lax, 'the URL must use http or https'],
    ['https://user:pass@hooks.example.com/', strict, 'the URL must not contain a user name or password'],
    ['https://user@hooks.example.com/', strict, 'the URL must not contain a user name or password'],
    [`https://hooks.example.com/${'a'.repeat(2030)}`, strict, 'the URL must be at most 2048 characters long'],
    ['https://10.0.0.5/hook', strict, 'the destination 10.0.0.5 is a private address'],
    ['https://169.254.169.254/latest', strict, 'the destination 169.254.169.254 is a cloud metadata address'],
    ['https://[::1]:8443/', strict, 'the destination [::1] is a loopback address'],
    ['https://[::ffff:7f00:1]/', strict, 'the destination [::ffff:7f00:1] is a loopback address'],
    ['https://2130706433/', strict, 'the destination 127.0.0.1 is a loopback address'],
    ['https://0x7f.1/', strict, 'the destination 127.0.0.1 is a loopback address'],
    ['https://localhost/', strict, 'the destination localhost is a local or internal host name'],
    ['https://LOCALHOST./', strict, 'the destination localhost is a local or internal host name'],
    ['https://api.localhost/', strict, 'the destination api.localhost is a local or internal host name'],
    [
      'http://metadata.google.internal/computeMetadata/v1/',
      lax,
      'the destination metadata.google.internal is a local or internal host name',
    ],
    ['https://printer.local/', strict, 'the destination printer.local is a local or internal host name'],
  ])('refuses %s', (url, options, reason) => {
    expect(checkWebhookUrl(url, options)).toEqual({ ok: false, reason });
  });

  it.each([
    ['https://hooks.example.com/bellwether?token=abc', strict],
    ['http://hooks.example.com:8080/in', lax],
    ['https://8.8.8.8/hook', strict],
    ['https://[2606:4700:4700::1111]/hook', strict],
    ['https://localhost.example.com/', strict],
    ['https://internal.example.com/', strict],
  ])('accepts %s', (url, options) => {
    const result = checkWebhookUrl(url, options);
    expect(result.ok && result.url.href).toBe(new URL(url).href);
  });

  it('lets loopback, private literals and local names through when the operator allows private', () => {
    const allow = { allowPrivate: true, requireHttps: false };
    for (const url of ['http://127.0.0.1:3000/', 'http://10.0.0.5/', 'http://localhost/', 'http://[::1]/'])
      expect(checkWebhookUrl(url, allow).ok).toBe(true);
    // The shape rules still hold.
    expect(checkWebhookUrl('http://u:p@localhost/', allow)).toEqual({
      ok: false,
      reason: 'the URL must not contain a user name or password',
    });
  });
});
