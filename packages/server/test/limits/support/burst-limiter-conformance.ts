import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BurstLimiter } from '../../../src/platform/limits/types.js';
import { ManualClock } from './manual-clock.js';

export interface BurstLimiterHarness {
  /** A limiter whose time is the given manual clock. */
  create(clock: ManualClock): Promise<BurstLimiter>;
  /** Called once after the suite (close shared clients, delete keys). */
  teardown?(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 21, 6, 0, 0);
let keySeq = 0;
const freshKey = () => `key_${process.pid}_${Date.now()}_${keySeq++}`;

/**
 * The contract every BurstLimiter passes: exactly `limit` admissions in ANY sliding window,
 * independent keys, exact boundaries, and truthful remaining / retry_after / reset values.
 */
export function describeBurstLimiterConformance(name: string, harness: () => Promise<BurstLimiterHarness>) {
  describe(`BurstLimiter conformance: ${name}`, () => {
    let h: BurstLimiterHarness;
    beforeAll(async () => {
      h = await harness();
    });
    afterAll(async () => {
      await h?.teardown?.();
    });

    it('admits exactly 10 of 100 concurrent hits on one key, in each of 20 trials', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      for (let trial = 0; trial < 20; trial++) {
        const key = freshKey();
        const decisions = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(key, 10, 1000)));
        expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
        clock.advance(37);
      }
      await limiter.close();
    });

    it('keeps two keys independent', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const [a, b] = [freshKey(), freshKey()];
      for (let i = 0; i < 10; i++) expect((await limiter.hit(a, 10, 1000)).allowed).toBe(true);
      expect((await limiter.hit(a, 10, 1000)).allowed).toBe(false);
      const first_b = await limiter.hit(b, 10, 1000);
      expect(first_b).toMatchObject({ allowed: true, remaining: 9, retry_after_ms: 0 });
      await limiter.close();
    });

    it('counts remaining down and reports retry_after/reset truthfully', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const key = freshKey();
      for (let i = 0; i < 10; i++) {
        const d = await limiter.hit(key, 10, 1000);
        expect(d).toEqual({
          allowed: true,
          limit: 10,
          remaining: 9 - i,
          retry_after_ms: i === 9 ? 1000 - 9 * 50 : 0,
          reset_ms: 1000,
        });
        if (i < 9) clock.advance(50);
      }
      // Now at T0+450: the oldest admission (T0) leaves the window at T0+1000.
      clock.advance(100);
      expect(await limiter.hit(key, 10, 1000)).toEqual({
        allowed: false,
        limit: 10,
        remaining: 0,
        retry_after_ms: 450,
        reset_ms: 1000 - 100,
      });
      await limiter.close();
    });

    it('at the exact boundary admits 10 more only once t+1000 is reached', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const key = freshKey();
      for (let i = 0; i < 10; i++) expect((await limiter.hit(key, 10, 1000)).allowed).toBe(true);
      clock.set(T0 + 999);
      const blocked = await limiter.hit(key, 10, 1000);
      expect(blocked).toMatchObject({ allowed: false, retry_after_ms: 1 });
      clock.set(T0 + 1000);
      const second = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(key, 10, 1000)));
      expect(second.filter((d) => d.allowed)).toHaveLength(10);
      clock.set(T0 + 1999);
      expect((await limiter.hit(key, 10, 1000)).allowed).toBe(false);
      await limiter.close();
    });

    it('slides: a request spaced after the oldest admission expires is admitted, rejections are not recorded', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const key = freshKey();
      for (let i = 0; i < 10; i++) {
        expect((await limiter.hit(key, 10, 1000)).allowed).toBe(true);
        clock.advance(100);
      }
      // T0+1000: T0's admission expired, the other nine (T0+100…T0+900) remain.
      expect(await limiter.hit(key, 10, 1000)).toMatchObject({
        allowed: true,
        remaining: 0,
        retry_after_ms: 100,
      });
      // Hammering while full records nothing: at T0+1100 exactly one slot opens again.
      for (let i = 0; i < 50; i++) expect((await limiter.hit(key, 10, 1000)).allowed).toBe(false);
      clock.set(T0 + 1100);
      expect((await limiter.hit(key, 10, 1000)).allowed).toBe(true);
      expect((await limiter.hit(key, 10, 1000)).allowed).toBe(false);
      await limiter.close();
    });

    it('after a full quiet window the key starts over', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const key = freshKey();
      for (let i = 0; i < 11; i++) await limiter.hit(key, 10, 1000);
      clock.advance(1000);
      const d = await limiter.hit(key, 10, 1000);
      expect(d).toEqual({ allowed: true, limit: 10, remaining: 9, retry_after_ms: 0, reset_ms: 1000 });
      await limiter.close();
    });

    it('never reopens the window when the clock steps backwards', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      const key = freshKey();
      for (let i = 0; i < 10; i++) await limiter.hit(key, 10, 1000);
      clock.set(T0 - 5000);
      expect(await limiter.hit(key, 10, 1000)).toMatchObject({ allowed: false, retry_after_ms: 1000 });
      clock.set(T0 + 1000);
      expect((await limiter.hit(key, 10, 1000)).allowed).toBe(true);
      await limiter.close();
    });

    it('matches a naive sliding-log model on random request timelines', async () => {
      const clock = new ManualClock(T0);
      const limiter = await h.create(clock);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 250 }), { minLength: 1, maxLength: 60 }),
          fc.integer({ min: 1, max: 6 }),
          async (gaps, limit) => {
            const key = freshKey();
            const window_ms = 1000;
            const admitted: number[] = [];
            clock.advance(5000);
            for (const gap of gaps) {
              clock.advance(gap);
              const now = clock.now();
              const live = admitted.filter((t) => t > now - window_ms);
              const expected = live.length < limit;
              const d = await limiter.hit(key, limit, window_ms);
              expect(d.allowed).toBe(expected);
              if (expected) admitted.push(now);
              const after = admitted.filter((t) => t > now - window_ms);
              expect(d.remaining).toBe(limit - after.length);
              expect(d.retry_after_ms).toBe(after.length < limit ? 0 : after[0]! + window_ms - now);
            }
          },
        ),
        { numRuns: 40 },
      );
      await limiter.close();
    });
  });
}
