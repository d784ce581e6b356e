import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageLedger } from '../../src/platform/limits/usage-ledger.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';

const H = '2026-11-21T06:00:00.000Z';

/** Polls until `check` holds (timers may run late on a loaded machine); fails after 5 s. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached within 5 s');
    await sleep(10);
  }
}

describe('UsageLedger', () => {
  it('aggregates deltas per window and writes them on flush', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    for (let i = 0; i < 5; i++) ledger.record('a', 'hour', H, 1);
    ledger.record('a', 'hour', H, -1);
    ledger.record('b', 'month', '2026-11-01T00:00:00.000Z', 1);
    expect(ledger.bufferedWindows).toBe(2);
    expect(await repo.get('a', 'hour', H)).toBe(0);
    await ledger.flush();
    expect(await repo.get('a', 'hour', H)).toBe(4);
    expect(await repo.get('b', 'month', '2026-11-01T00:00:00.000Z')).toBe(1);
    expect(ledger.bufferedWindows).toBe(0);
    await ledger.close();
  });

  it('flushes by itself every flush_interval_ms', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 20 });
    ledger.record('a', 'hour', H, 1);
    await eventually(async () => (await repo.get('a', 'hour', H)) === 1);
    expect(repo.addCalls).toBeGreaterThanOrEqual(1);
    await ledger.close();
  });

  it('keeps the deltas of a failed flush and writes them on the next one', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 3);
    repo.failing = true;
    const error = await ledger.flush().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).cause).toBeInstanceOf(Error);
    ledger.record('a', 'hour', H, 2);
    expect(ledger.pending('a', 'hour', H)).toBe(5);
    repo.failing = false;
    await ledger.flush();
    expect(await repo.get('a', 'hour', H)).toBe(5);
    await ledger.close();
  });

  it('reports background flush failures and retries them without losing deltas', async () => {
    const repo = new MemoryUsageRepo();
    const errors: unknown[] = [];
    const ledger = new UsageLedger(repo, { flush_interval_ms: 10, onFlushError: (e) => errors.push(e) });
    repo.failing = true;
    ledger.record('a', 'hour', H, 1);
    await eventually(() => errors.length >= 2);
    expect((errors[0] as Error).cause).toBeInstanceOf(Error);
    repo.failing = false;
    await eventually(async () => (await repo.get('a', 'hour', H)) === 1);
    expect(ledger.bufferedWindows).toBe(0);
    await ledger.close();
  });

  it('close() flushes what is buffered', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 7);
    await ledger.close();
    expect(await repo.get('a', 'hour', H)).toBe(7);
  });

  it('close() also writes deltas recorded while its flush was in flight', async () => {
    const repo = new MemoryUsageRepo();
    repo.latency_ms = 20;
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 1);
    const closing = ledger.close();
    await sleep(5);
    ledger.record('a', 'hour', H, 1);
    await closing;
    expect(await repo.get('a', 'hour', H)).toBe(2);
  });

  it('does not pile up timer flushes while the database is slow', async () => {
    const repo = new MemoryUsageRepo();
    const release = repo.holdWrites();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 5 });
    ledger.record('a', 'hour', H, 1);
    await eventually(() => repo.addCalls >= 1);
    ledger.record('a', 'hour', H, 1);
    await sleep(100);
    expect(repo.addCalls).toBe(1);
    release();
    await ledger.close();
    expect(await repo.get('a', 'hour', H)).toBe(2);
  });

  it('reads stored plus buffered usage, never double-counting a batch in flight', async () => {
    const repo = new MemoryUsageRepo();
    await repo.add([{ key_id: 'a', window: 'hour', window_start: H, delta: 10 }]);
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 3);
    repo.latency_ms = 30;
    const flushing = ledger.flush();
    ledger.record('a', 'hour', H, 1);
    const read = ledger.read('a', 'hour', H);
    await flushing;
    expect(await read).toBe(14);
    await ledger.close();
  });

  it('counts refused requests in memory, one counter per window and policy however many arrive', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    for (let i = 0; i < 10_000; i++) ledger.recordRefusal('a', 'hour', H, 'burst');
    ledger.recordRefusal('a', 'hour', H, 'quota');
    expect(ledger.bufferedRefusals).toBe(2);
    expect(repo.addCalls).toBe(0);
    await ledger.flush();
    expect(repo.addCalls).toBe(1);
    expect(repo.refusalBatches).toEqual([
      [
        { key_id: 'a', window: 'hour', window_start: H, policy: 'burst', delta: 10_000 },
        { key_id: 'a', window: 'hour', window_start: H, policy: 'quota', delta: 1 },
      ],
    ]);
    expect(ledger.bufferedRefusals).toBe(0);
    await ledger.close();
  });

  it('writes refusals with the usage deltas in the same call, never as usage', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 1);
    ledger.recordRefusal('a', 'hour', H, 'burst');
    ledger.recordRefusal('a', 'hour', H, 'burst');
    await ledger.flush();
    expect(repo.addCalls).toBe(1);
    expect(await repo.get('a', 'hour', H)).toBe(1);
    expect(await repo.refusals('a', 'hour', H)).toEqual([{ window_start: H, burst: 2, quota: 0 }]);
    await ledger.close();
  });

  it('adds no write for accepted requests: without refusals a flush carries none', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.record('a', 'hour', H, 1);
    await ledger.flush();
    expect(repo.refusalBatches).toEqual([[]]);
    expect(ledger.bufferedRefusals).toBe(0);
    await ledger.close();
  });

  it('flushes refusals by itself, keeps them through a failed flush and writes them on close', async () => {
    const repo = new MemoryUsageRepo();
    const ledger = new UsageLedger(repo, { flush_interval_ms: 20 });
    ledger.recordRefusal('a', 'hour', H, 'quota');
    await eventually(async () => (await repo.refusals('a', 'hour', H)).length === 1);
    repo.failing = true;
    ledger.recordRefusal('a', 'hour', H, 'quota');
    await ledger.flush().catch(() => undefined);
    ledger.recordRefusal('a', 'hour', H, 'quota');
    expect(ledger.bufferedRefusals).toBe(1);
    repo.failing = false;
    await ledger.close();
    expect(await repo.refusals('a', 'hour', H)).toEqual([{ window_start: H, burst: 0, quota: 3 }]);
    expect(() => ledger.recordRefusal('a', 'hour', H, 'quota')).toThrow(/closed/);
  });

  it('reads stored plus buffered refusals from a window on, never double-counting a batch in flight', async () => {
    const repo = new MemoryUsageRepo();
    const earlier = '2026-11-21T05:00:00.000Z';
    await repo.add(
      [],
      [
        { key_id: 'a', window: 'hour', window_start: earlier, policy: 'burst', delta: 4 },
        { key_id: 'a', window: 'hour', window_start: H, policy: 'burst', delta: 1 },
      ],
    );
    const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
    ledger.recordRefusal('a', 'hour', H, 'burst');
    ledger.recordRefusal('b', 'hour', H, 'burst');
    repo.latency_ms = 30;
    const flushing = ledger.flush();
    ledger.recordRefusal('a', 'hour', H, 'quota');
    const read = ledger.readRefusals(repo, 'a', 'hour', H);
    await flushing;
    expect(await read).toEqual([{ window_start: H, burst: 2, quota: 1 }]);
    expect(await ledger.readRefusals(repo, 'a', 'hour', earlier)).toEqual([
      { window_start: earlier, burst: 4, quota: 0 },
      { window_start: H, burst: 2, quota: 1 },
    ]);
    await ledger.close();
  });

  it('stores exactly the sum of recorded deltas whatever the pattern of failed flushes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constant('record' as const),
              key: fc.constantFrom('a', 'b'),
              delta: fc.integer({ min: -2, max: 3 }),
            }),
            fc.record({ op: fc.constant('flush' as const), fail: fc.boolean() }),
          ),
          { maxLength: 40 },
        ),
        async (ops) => {
          const repo = new MemoryUsageRepo();
          const ledger = new UsageLedger(repo, { flush_interval_ms: 60_000 });
          const expected = { a: 0, b: 0 };
          for (const op of ops) {
            if (op.op === 'record') {
              ledger.record(op.key, 'hour', H, op.delta);
              expected[op.key as 'a' | 'b'] += op.delta;
            } else {
              repo.failing = op.fail;
              await ledger.flush().catch(() => undefined);
              repo.failing = false;
            }
            expect(await ledger.read('a', 'hour', H)).toBe(expected.a);
          }
          await ledger.close();
          expect(await repo.get('a', 'hour', H)).toBe(expected.a);
          expect(await repo.get('b', 'hour', H)).toBe(expected.b);
        },
      ),
      { numRuns: 100 },
    );
  });
});
