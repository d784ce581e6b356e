import { describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';

describe('newId', () => {
  it('is the prefix, an underscore and 20 base62 characters', () => {
    for (let i = 0; i < 1_000; i++) expect(newId('acc')).toMatch(/^acc_[0-9A-Za-z]{20}$/);
    expect(newId('usr', 32)).toMatch(/^usr_[0-9A-Za-z]{32}$/);
  });

  it('does not repeat in 100,000 draws', () => {
    const ids = new Set(Array.from({ length: 100_000 }, () => newId('acc')));
    expect(ids.size).toBe(100_000);
  });

  it('uses all 62 characters about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      for (const c of newId('x').slice(2)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    // 400,000 characters: ~6,452 each; a biased generator (byte % 62) over-draws the first 8 by ~25%.
    const expected = 400_000 / 62;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.08);
  });
});
