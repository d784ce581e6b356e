import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GetState } from './harness.js';

const subject = (kind: string) => `${kind}:${randomBytes(6).toString('hex')}`;
const T0 = Date.parse('2026-11-26T10:00:00.000Z');

export function signInThrottleContract(state: GetState): void {
  describe('sign-in throttle (leaky buckets)', () => {
    it('admits up to the capacity at once, then one per drain interval, saying exactly how long to wait', async () => {
      const { storage } = state();
      const b = { subject: subject('addr'), capacity: 3, drain_ms: 2_000 };
      for (let i = 0; i < 3; i++) expect(await storage.signInThrottle.take([b], T0)).toEqual({ ok: true });
      expect(await storage.signInThrottle.take([b], T0)).toEqual({ ok: false, retry_after_ms: 2_000 });
      expect(await storage.signInThrottle.take([b], T0 + 1_500)).toEqual({ ok: false, retry_after_ms: 500 });
      expect(await storage.signInThrottle.take([b], T0 + 2_000)).toEqual({ ok: true });
      expect(await storage.signInThrottle.take([b], T0 + 2_000)).toEqual({
        ok: false,
        retry_after_ms: 2_000,
      });
      // Drained after capacity × interval of quiet: full capacity again.
      for (let i = 0; i < 3; i++) expect((await storage.signInThrottle.take([b], T0 + 60_000)).ok).toBe(true);
    });

    it('takes from every bucket or from none: a full one refuses the attempt and the others keep their room', async () => {
      const { storage } = state();
      const full = { subject: subject('pair'), capacity: 1, drain_ms: 60_000 };
      const roomy = { subject: subject('addr'), capacity: 2, drain_ms: 60_000 };
      expect(await storage.signInThrottle.take([full], T0)).toEqual({ ok: true });
      expect(await storage.signInThrottle.take([roomy, full], T0)).toEqual({
        ok: false,
        retry_after_ms: 60_000,
      });
      expect(await storage.signInThrottle.take([roomy], T0)).toEqual({ ok: true });
      expect(await storage.signInThrottle.take([roomy], T0)).toEqual({ ok: true });
      expect((await storage.signInThrottle.take([roomy], T0)).ok).toBe(false);
    });

    it('admits exactly the capacity of 50 concurrent attempts', async () => {
      const { storage } = state();
      const b = { subject: subject('email'), capacity: 10, drain_ms: 3_600_000 };
      const results = await Promise.all(
        Array.from({ length: 50 }, () => storage.signInThrottle.take([b], T0)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
    });

    it('gives an attempt back, and purges buckets once they have drained', async () => {
      const { storage } = state();
      const b = { subject: subject('pair'), capacity: 2, drain_ms: 60_000 };
      await storage.signInThrottle.take([b], T0);
      await storage.signInThrottle.take([b], T0);
      expect((await storage.signInThrottle.take([b], T0)).ok).toBe(false);
      await storage.signInThrottle.giveBack([b], T0);
      expect((await storage.signInThrottle.take([b], T0)).ok).toBe(true);
      await storage.signInThrottle.purgeDrained(new Date(T0 + 60_000).toISOString());
      expect((await storage.signInThrottle.take([b], T0)).ok).toBe(false);
      await storage.signInThrottle.purgeDrained(new Date(T0 + 120_000).toISOString());
      // The row is gone: an empty bucket, as if it had never been used.
      expect((await storage.signInThrottle.take([b], T0)).ok).toBe(true);
      expect((await storage.signInThrottle.take([b], T0)).ok).toBe(true);
    });

    it('keeps a mark until its time, through purges of drained buckets, then forgets it', async () => {
      const { storage } = state();
      const known = subject('known');
      expect(await storage.signInThrottle.marked(known, T0)).toBe(false);
      await storage.signInThrottle.mark(known, T0, T0 + 3_600_000);
      await storage.signInThrottle.purgeDrained(new Date(T0 + 60_000).toISOString());
      expect(await storage.signInThrottle.marked(known, T0 + 60_000)).toBe(true);
      expect(await storage.signInThrottle.marked(known, T0 + 3_600_000)).toBe(false);
      await storage.signInThrottle.purgeDrained(new Date(T0 + 3_600_000).toISOString());
      await storage.signInThrottle.mark(known, T0 + 3_600_000, T0 + 7_200_000);
      expect(await storage.signInThrottle.marked(known, T0 + 3_600_001)).toBe(true);
    });
  });
}
