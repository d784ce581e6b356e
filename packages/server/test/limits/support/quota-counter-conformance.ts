import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageCounts } from '../../../src/db/repositories.js';
import type { Limiters } from '../../../src/platform/limits/create-limiters.js';
import { MemoryUsageRepo } from './memory-usage-repo.js';

export interface QuotaCounterHarness {
  /**
   * Limiters (quota counter + ledger) over the given usage repository. Two calls with the same repo
   * model two process lifetimes sharing one database (and, for Redis, one Redis).
   */
  create(usage: UsageCounts): Promise<Limiters>;
  /** A usage repository; defaults to the in-memory test double. */
  usage?(): Promise<UsageCounts>;
  teardown?(): Promise<void>;
}

let keySeq = 0;
const freshKey = () => `qkey_${process.pid}_${Date.now()}_${keySeq++}`;
const at = (iso: string) => new Date(iso);

/**
 * The contract every QuotaCounter passes: n admitted then n+1 rejected with the time to the window
 * end, exact under concurrency, independent keys and windows, release gives a slot back, and the
 * count survives a process restart through the durable ledger.
 */
export function describeQuotaCounterConformance(name: string, harness: () => Promise<QuotaCounterHarness>) {
  describe(`QuotaCounter conformance: ${name}`, () => {
    let h: QuotaCounterHarness;
    const usage = () => h.usage?.() ?? Promise.resolve(new MemoryUsageRepo());
    beforeAll(async () => {
      h = await harness();
    });
    afterAll(async () => {
      await h?.teardown?.();
    });

    it('admits n per clock hour, rejects the (n+1)-th with reset_ms to the hour end', async () => {
      const l = await h.create(await usage());
      const key = freshKey();
      const now = at('2026-11-21T06:45:30.250Z');
      for (let i = 1; i <= 5; i++) {
        expect(await l.quota.reserve(key, 'hour', 5, now)).toEqual({
          allowed: true,
          limit: 5,
          used: i,
          remaining: 5 - i,
          window_start: '2026-11-21T06:00:00.000Z',
          reset_ms: 14 * 60_000 + 29_750,
        });
      }
      expect(await l.quota.reserve(key, 'hour', 5, now)).toEqual({
        allowed: false,
        limit: 5,
        used: 5,
        remaining: 0,
        window_start: '2026-11-21T06:00:00.000Z',
        reset_ms: 14 * 60_000 + 29_750,
      });
      // The next clock hour starts from zero.
      const next = await l.quota.reserve(key, 'hour', 5, at('2026-11-21T07:00:00.000Z'));
      expect(next).toMatchObject({ allowed: true, used: 1, window_start: '2026-11-21T07:00:00.000Z' });
      expect(next.reset_ms).toBe(3_600_000);
      await l.close();
    });

    it('counts calendar months, including a leap February, and resets at the month end', async () => {
      const l = await h.create(await usage());
      const key = freshKey();
      const now = at('2028-02-29T23:59:59.000Z');
      for (let i = 0; i < 3; i++) expect((await l.quota.reserve(key, 'month', 3, now)).allowed).toBe(true);
      expect(await l.quota.reserve(key, 'month', 3, at('2028-02-01T00:00:00.000Z'))).toEqual({
        allowed: false,
        limit: 3,
        used: 3,
        remaining: 0,
        window_start: '2028-02-01T00:00:00.000Z',
        reset_ms: 29 * 86_400_000,
      });
      const march = await l.quota.reserve(key, 'month', 3, at('2028-03-01T00:00:00.000Z'));
      expect(march).toMatchObject({ allowed: true, used: 1, window_start: '2028-03-01T00:00:00.000Z' });
      expect(march.reset_ms).toBe(31 * 86_400_000);
      await l.close();
    });

    it('admits exactly the limit of 100 concurrent reservations on one key', async () => {
      const l = await h.create(await usage());
      const now = at('2026-11-21T06:10:00.000Z');
      for (let trial = 0; trial < 5; trial++) {
        const key = freshKey();
        const ds = await Promise.all(
          Array.from({ length: 100 }, () => l.quota.reserve(key, 'hour', 10, now)),
        );
        expect(ds.filter((d) => d.allowed)).toHaveLength(10);
        expect(new Set(ds.filter((d) => d.allowed).map((d) => d.used))).toEqual(
          new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        );
      }
      await l.close();
    });

    it('keeps keys and window kinds independent', async () => {
      const l = await h.create(await usage());
      const [a, b] = [freshKey(), freshKey()];
      const now = at('2026-11-21T06:10:00.000Z');
      for (let i = 0; i < 2; i++) await l.quota.reserve(a, 'hour', 2, now);
      expect((await l.quota.reserve(a, 'hour', 2, now)).allowed).toBe(false);
      expect(await l.quota.reserve(b, 'hour', 2, now)).toMatchObject({ allowed: true, used: 1 });
      expect(await l.quota.reserve(a, 'month', 2, now)).toMatchObject({ allowed: true, used: 1 });
      await l.close();
    });

    it('gives a slot back on release and records the net usage in the ledger', async () => {
      const repo = await usage();
      const l = await h.create(repo);
      const key = freshKey();
      const now = at('2026-11-21T06:10:00.000Z');
      const first = await l.quota.reserve(key, 'hour', 2, now);
      await l.quota.reserve(key, 'hour', 2, now);
      expect((await l.quota.reserve(key, 'hour', 2, now)).allowed).toBe(false);
      await l.quota.release(key, 'hour', first.window_start);
      expect(await l.quota.peek(key, 'hour', now)).toEqual({
        used: 1,
        window_start: '2026-11-21T06:00:00.000Z',
        reset_ms: 50 * 60_000,
      });
      expect(await l.quota.reserve(key, 'hour', 2, now)).toMatchObject({ allowed: true, used: 2 });
      await l.ledger.flush();
      expect(await repo.get(key, 'hour', '2026-11-21T06:00:00.000Z')).toBe(2);
      await l.close();
    });

    it('applies a late release to the window it was reserved in, not the current one', async () => {
      const repo = await usage();
      const l = await h.create(repo);
      const key = freshKey();
      const earlier = await l.quota.reserve(key, 'hour', 5, at('2026-11-21T06:59:59.900Z'));
      const later = at('2026-11-21T07:00:00.100Z');
      await l.quota.reserve(key, 'hour', 5, later);
      await l.quota.reserve(key, 'hour', 5, later);
      await l.quota.release(key, 'hour', earlier.window_start);
      expect((await l.quota.peek(key, 'hour', later)).used).toBe(2);
      await l.ledger.flush();
      expect(await repo.get(key, 'hour', '2026-11-21T06:00:00.000Z')).toBe(0);
      expect(await repo.get(key, 'hour', '2026-11-21T07:00:00.000Z')).toBe(2);
      await l.close();
    });

    it('peek reads the count without changing it', async () => {
      const l = await h.create(await usage());
      const key = freshKey();
      const now = at('2026-11-21T06:10:00.000Z');
      expect((await l.quota.peek(key, 'month', now)).used).toBe(0);
      await l.quota.reserve(key, 'month', 9, now);
      expect(await l.quota.peek(key, 'month', now)).toEqual({
        used: 1,
        window_start: '2026-11-01T00:00:00.000Z',
        reset_ms: Date.parse('2026-12-01T00:00:00.000Z') - now.getTime(),
      });
      expect((await l.quota.peek(key, 'month', now)).used).toBe(1);
      await l.close();
    });

    it('honours usage already in the durable ledger', async () => {
      const repo = await usage();
      const key = freshKey();
      await repo.add([{ key_id: key, window: 'hour', window_start: '2026-11-21T06:00:00.000Z', delta: 4 }]);
      const l = await h.create(repo);
      const now = at('2026-11-21T06:10:00.000Z');
      expect(await l.quota.reserve(key, 'hour', 5, now)).toMatchObject({ allowed: true, used: 5 });
      expect(await l.quota.reserve(key, 'hour', 5, now)).toMatchObject({ allowed: false, used: 5 });
      await l.close();
    });

    it('stays exhausted after a process restart over the same ledger', async () => {
      const repo = await usage();
      const key = freshKey();
      const now = at('2026-11-21T06:10:00.000Z');
      const first = await h.create(repo);
      for (let i = 0; i < 3; i++) await first.quota.reserve(key, 'hour', 3, now);
      await first.close();
      const second = await h.create(repo);
      expect(await second.quota.reserve(key, 'hour', 3, now)).toMatchObject({ allowed: false, used: 3 });
      expect((await second.quota.peek(key, 'hour', now)).used).toBe(3);
      await second.close();
    });
  });
}
