import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { executedStatements } from '../../support/executed-statements.js';
import type { GetState } from './harness.js';

const HOUR = '2026-11-21T06:00:00.000Z';
const MONTH = '2026-11-01T00:00:00.000Z';
const keyId = () => `k${randomBytes(8).toString('hex')}`;

export function usageContract(state: GetState): void {
  describe('usage ledger', () => {
    it('answers 0 for a window never used', async () => {
      const { storage } = state();
      expect(await storage.usage.get(keyId(), 'hour', HOUR)).toBe(0);
    });

    it('adds deltas to what is stored, per key, window kind and window start', async () => {
      const { storage } = state();
      const [a, b] = [keyId(), keyId()];
      await storage.usage.add([
        { key_id: a, window: 'hour', window_start: HOUR, delta: 3 },
        { key_id: a, window: 'hour', window_start: HOUR, delta: 4 },
        { key_id: a, window: 'month', window_start: MONTH, delta: 7 },
        { key_id: b, window: 'hour', window_start: HOUR, delta: 1 },
      ]);
      await storage.usage.add([{ key_id: a, window: 'hour', window_start: HOUR, delta: 10 }]);
      expect(await storage.usage.get(a, 'hour', HOUR)).toBe(17);
      expect(await storage.usage.get(a, 'month', MONTH)).toBe(7);
      expect(await storage.usage.get(b, 'hour', HOUR)).toBe(1);
      expect(await storage.usage.get(b, 'month', MONTH)).toBe(0);
      expect(await storage.usage.get(a, 'hour', '2026-11-21T07:00:00.000Z')).toBe(0);
    });

    it('loses nothing when 50 adds run concurrently', async () => {
      const { storage } = state();
      const [a, b] = [keyId(), keyId()];
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          storage.usage.add([
            // Opposite orders in alternate batches: the store must not deadlock on them.
            ...(i % 2 === 0
              ? [
                  { key_id: a, window: 'hour' as const, window_start: HOUR, delta: 1 },
                  { key_id: b, window: 'hour' as const, window_start: HOUR, delta: 2 },
                ]
              : [
                  { key_id: b, window: 'hour' as const, window_start: HOUR, delta: 2 },
                  { key_id: a, window: 'hour' as const, window_start: HOUR, delta: 1 },
                ]),
          ]),
        ),
      );
      expect(await storage.usage.get(a, 'hour', HOUR)).toBe(50);
      expect(await storage.usage.get(b, 'hour', HOUR)).toBe(100);
    });

    it('writes a large batch in one go', async () => {
      const { storage } = state();
      const keys = Array.from({ length: 1_200 }, keyId);
      await storage.usage.add(
        keys.map((key_id, i) => ({ key_id, window: 'month', window_start: MONTH, delta: i + 1 })),
      );
      // Every row, across the statements the batch is split into (SQLite 100 rows, PostgreSQL 500).
      const stored = await Promise.all(keys.map((key_id) => storage.usage.get(key_id, 'month', MONTH)));
      expect(stored).toEqual(keys.map((_k, i) => i + 1));
    });

    it('writes a flush of 1,000 active keys in 2 statements on PostgreSQL (one array per column), 10 on SQLite', async () => {
      const { storage, harness } = state();
      const keys = Array.from({ length: 1_000 }, keyId);
      // The statements run from here on: PostgreSQL's queries as the driver sends them, SQLite's as run.
      let texts: string[] = [];
      try {
        if (harness.dialect === 'postgres') {
          const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
          vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
            this: pg.Client,
            ...a: unknown[]
          ) {
            texts.push(String((a[0] as { text?: string })?.text ?? a[0]));
            return query.apply(this, a);
          } as never);
        } else texts = executedStatements();
        await storage.usage.add(
          keys.map((key_id) => ({ key_id, window: 'hour', window_start: HOUR, delta: 1 })),
        );
      } finally {
        vi.restoreAllMocks();
      }
      const upserts = texts.filter((t) => t.startsWith('insert into "usage"'));
      expect(upserts).toHaveLength(harness.dialect === 'postgres' ? 2 : 10);
      expect(await storage.usage.get(keys[999]!, 'hour', HOUR)).toBe(1);
    });

    it('stores ids holding what a SQL array or tuple would have to escape, each under its own id', async () => {
      const { storage } = state();
      const base = keyId();
      const ids = ['"', '\\', ',', '{}', ' x ', "'", 'NULL', '\\"', '', 'é—✓'].map((s) => `${base}${s}`);
      await storage.usage.add(
        ids.map((key_id, i) => ({ key_id, window: 'hour', window_start: HOUR, delta: i + 1 })),
        ids.map((key_id, i) => ({
          key_id,
          window: 'hour',
          window_start: HOUR,
          policy: 'burst',
          delta: 10 + i,
        })),
      );
      for (const [i, key_id] of ids.entries()) {
        expect(await storage.usage.get(key_id, 'hour', HOUR)).toBe(i + 1);
        expect(await storage.usage.refusals(key_id, 'hour', HOUR)).toEqual([
          { window_start: HOUR, burst: 10 + i, quota: 0 },
        ]);
      }
    });

    it('lets the event loop run between the statements of a large batch (the flush holds it briefly)', async () => {
      const { storage } = state();
      const keys = Array.from({ length: 1_200 }, keyId);
      let ranDuringWrite = false;
      let written = false;
      setImmediate(() => {
        ranDuringWrite = !written;
      });
      await storage.usage.add(
        keys.map((key_id) => ({ key_id, window: 'hour', window_start: HOUR, delta: 1 })),
      );
      written = true;
      expect(ranDuringWrite).toBe(true);
      expect(await storage.usage.get(keys[1_199]!, 'hour', HOUR)).toBe(1);
    });

    it('rejects a non-integer delta without writing any of the batch', async () => {
      const { storage } = state();
      const a = keyId();
      await expect(
        storage.usage.add([
          { key_id: a, window: 'hour', window_start: HOUR, delta: 1 },
          { key_id: a, window: 'month', window_start: MONTH, delta: 0.5 },
        ]),
      ).rejects.toThrow(RangeError);
      expect(await storage.usage.get(a, 'hour', HOUR)).toBe(0);
    });

    it('accepts an empty batch', async () => {
      const { storage } = state();
      await expect(storage.usage.add([])).resolves.toBeUndefined();
      await expect(storage.usage.add([], [])).resolves.toBeUndefined();
    });

    it('counts refused requests per window and policy, apart from usage', async () => {
      const { storage } = state();
      const [a, b] = [keyId(), keyId()];
      const next = '2026-11-21T07:00:00.000Z';
      await storage.usage.add(
        [{ key_id: a, window: 'hour', window_start: HOUR, delta: 10 }],
        [
          { key_id: a, window: 'hour', window_start: HOUR, policy: 'burst', delta: 5 },
          { key_id: a, window: 'hour', window_start: HOUR, policy: 'burst', delta: 2 },
          { key_id: a, window: 'hour', window_start: next, policy: 'quota', delta: 3 },
          { key_id: a, window: 'month', window_start: MONTH, policy: 'quota', delta: 4 },
          { key_id: b, window: 'hour', window_start: HOUR, policy: 'burst', delta: 1 },
        ],
      );
      await storage.usage.add(
        [],
        [{ key_id: a, window: 'hour', window_start: next, policy: 'burst', delta: 1 }],
      );
      // A refusal is never billed: usage holds only what was added as usage.
      expect(await storage.usage.get(a, 'hour', HOUR)).toBe(10);
      expect(await storage.usage.get(a, 'hour', next)).toBe(0);
      expect(await storage.usage.history(a, 'hour', HOUR)).toEqual([{ window_start: HOUR, count: 10 }]);
      expect(await storage.usage.refusals(a, 'hour', HOUR)).toEqual([
        { window_start: HOUR, burst: 7, quota: 0 },
        { window_start: next, burst: 1, quota: 3 },
      ]);
      expect(await storage.usage.refusals(a, 'hour', next)).toEqual([
        { window_start: next, burst: 1, quota: 3 },
      ]);
      expect(await storage.usage.refusals(a, 'month', MONTH)).toEqual([
        { window_start: MONTH, burst: 0, quota: 4 },
      ]);
      expect(await storage.usage.refusals(b, 'hour', HOUR)).toEqual([
        { window_start: HOUR, burst: 1, quota: 0 },
      ]);
      expect(await storage.usage.refusals(keyId(), 'hour', HOUR)).toEqual([]);
    });

    it('writes usage and refusals in one transaction: a bad refusal count writes neither', async () => {
      const { storage } = state();
      const a = keyId();
      await expect(
        storage.usage.add(
          [{ key_id: a, window: 'hour', window_start: HOUR, delta: 1 }],
          [{ key_id: a, window: 'hour', window_start: HOUR, policy: 'burst', delta: -1 }],
        ),
      ).rejects.toThrow(RangeError);
      expect(await storage.usage.get(a, 'hour', HOUR)).toBe(0);
      expect(await storage.usage.refusals(a, 'hour', HOUR)).toEqual([]);
    });

    it('loses no refusal when 50 flushes add to the same windows concurrently', async () => {
      const { storage } = state();
      const [a, b] = [keyId(), keyId()];
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          storage.usage.add(
            [],
            i % 2 === 0
              ? [
                  { key_id: a, window: 'hour', window_start: HOUR, policy: 'burst', delta: 1 },
                  { key_id: b, window: 'hour', window_start: HOUR, policy: 'quota', delta: 2 },
                ]
              : [
                  { key_id: b, window: 'hour', window_start: HOUR, policy: 'quota', delta: 2 },
                  { key_id: a, window: 'hour', window_start: HOUR, policy: 'burst', delta: 1 },
                ],
          ),
        ),
      );
      expect(await storage.usage.refusals(a, 'hour', HOUR)).toEqual([
        { window_start: HOUR, burst: 50, quota: 0 },
      ]);
      expect(await storage.usage.refusals(b, 'hour', HOUR)).toEqual([
        { window_start: HOUR, burst: 0, quota: 100 },
      ]);
    });
  });
}
