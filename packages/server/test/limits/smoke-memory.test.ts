import { describe, expect, it } from 'vitest';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { ManualClock } from './support/manual-clock.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';

describe('memory limiters', () => {
  it('admits exactly 10 of 100 concurrent hits and counts quota', async () => {
    const repo = new MemoryUsageRepo();
    const clock = new ManualClock(1_000_000);
    const l = createLimiters({ kind: 'memory' }, repo, clock);
    const ds = await Promise.all(Array.from({ length: 100 }, () => l.burst.hit('k', 10, 1000)));
    expect(ds.filter((d) => d.allowed).length).toBe(10);
    const now = new Date('2026-11-21T06:30:00Z');
    for (let i = 0; i < 5; i++) expect((await l.quota.reserve('k', 'hour', 5, now)).allowed).toBe(true);
    const d = await l.quota.reserve('k', 'hour', 5, now);
    expect(d.allowed).toBe(false);
    expect(d.reset_ms).toBe(30 * 60_000);
    await l.close();
    expect(await repo.get('k', 'hour', '2026-11-21T06:00:00.000Z')).toBe(5);
  });
});
