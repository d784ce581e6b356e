import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crc32,
  digestSecret,
  digestsEqual,
  generateKey,
  KEY_LENGTH,
  newKeyId,
  parseKey,
} from '../../src/platform/keys/key-format.js';

describe('API key format', () => {
  it('crc32 matches the IEEE/zlib reference values', () => {
    // Reference: zlib.crc32 / the CRC-32 check value for "123456789" is 0xCBF43926.
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });

  it('generates fixed-length bw_ keys that parse back to their id and secret', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const id = newKeyId();
        const { key, secret } = generateKey(id);
        expect(key).toHaveLength(KEY_LENGTH);
        expect(key.startsWith('bw_')).toBe(true);
        expect(parseKey(key)).toEqual({ ok: true, id, secret });
      }),
      { numRuns: 200 },
    );
  });

  it('secrets carry at least 128 bits of entropy', () => {
    const { secret } = generateKey(newKeyId());
    expect(secret.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
    const secrets = new Set(Array.from({ length: 2000 }, () => generateKey(newKeyId()).secret));
    expect(secrets.size).toBe(2000);
  });

  it('detects every single-character substitution through the checksum', () => {
    const { key } = generateKey(newKeyId());
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: KEY_LENGTH - 1 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        (pos, ch) => {
          fc.pre(key[pos] !== ch);
          const typo = key.slice(0, pos) + ch + key.slice(pos + 1);
          expect(parseKey(typo).ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names the reason a string is not a key', () => {
    const { key } = generateKey(newKeyId());
    expect(parseKey(`gh_${key.slice(3)}`)).toEqual({ ok: false, reason: 'wrong_prefix' });
    expect(parseKey(key.slice(0, -1))).toEqual({ ok: false, reason: 'wrong_length' });
    expect(parseKey(`${key.slice(0, -1)}-`)).toEqual({ ok: false, reason: 'bad_characters' });
  });

  it('digests depend on the server secret and compare in constant time', () => {
    const a = digestSecret('s'.repeat(32), 'secret');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(digestSecret('t'.repeat(32), 'secret')).not.toBe(a);
    expect(digestsEqual(a, a)).toBe(true);
    expect(digestsEqual(a, digestSecret('s'.repeat(32), 'secreT'))).toBe(false);
    expect(digestsEqual(a, '')).toBe(false);
  });
});
