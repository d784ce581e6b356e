import { describe, expect, it } from 'vitest';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { LimiterUnavailableError } from '../../src/platform/limits/limiter-unavailable-error.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';
import { describeQuotaCounterConformance } from './support/quota-counter-conformance.js';

describeQuotaCounterConformance('memory', async () => ({
  create: async (usage) => createLimiters({ kind: 'memory' }, usage),
}));

describe('MemoryQuotaCounter', () => {
  const now = new Date('2026-11-21T06:10:00.000Z');

  it('hydrates once under concurrency even when the ledger is slow', async () => {
    const repo = new MemoryUsageRepo();
    await repo.add([{ key_id: 'k', window: 'hour', window_start: '2026-11-21T06:00:00.000Z', delta: 3 }]);
    repo.latency_ms = 20;
    const l = createLimiters({ kind: 'memory' }, repo);
    const ds = await Promise.all(Array.from({ length: 50 }, () => l.quota.reserve('k', 'hour', 10, now)));
    expect(ds.filter((d) => d.allowed)).toHaveLength(7);
    await l.close();
    expect(await repo.get('k', 'hour', '2026-11-21T06:00:00.000Z')).toBe(10);
  });

  it('rejects with a LimiterUnavailableError carrying the cause when the ledger cannot be read', async () => {
    const repo = new MemoryUsageRepo();
    repo.failing = true;
    const l = createLimiters({ kind: 'memory' }, repo);
    const error = await l.quota.reserve('k', 'hour', 10, now).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LimiterUnavailableError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    repo.failing = false;
    expect((await l.quota.reserve('k', 'hour', 10, now)).allowed).toBe(true);
    await l.close();
  });
});
