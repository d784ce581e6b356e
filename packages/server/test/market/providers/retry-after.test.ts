import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../../src/market/providers/index.js';

describe('retryAfterSeconds (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('reads delta-seconds and an HTTP date, and nothing else', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 12:01:30 GMT', now)).toBe(90);
    // A date already past means: now.
    expect(retryAfterSeconds('Fri, 27 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const bad of [null, '', '  ', '-5', '1.5', 'soon'])
      expect(retryAfterSeconds(bad, now)).toBeUndefined();
  });
});
