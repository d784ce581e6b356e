import { expect, it } from 'vitest';
import { UnknownKeyCache } from '../../src/platform/keys/unknown-key-cache.js';

it('UnknownKeyCache remembers an id for its TTL only, and at most `capacity` ids (fake clock)', () => {
  let now = 0;
  const cache = new UnknownKeyCache({ ttlMs: 5000, capacity: 3, now: () => now });
  cache.add('a');
  now = 4999;
  expect(cache.has('a')).toBe(true);
  now = 5000;
  expect(cache.has('a')).toBe(false);
  expect(cache.size).toBe(0);
  for (const id of ['b', 'c', 'd', 'e']) cache.add(id);
  expect(cache.size).toBe(3);
  expect(cache.has('b')).toBe(false);
  expect(['c', 'd', 'e'].every((id) => cache.has(id))).toBe(true);
});
