import { describe, expect, it } from 'vitest';
import { MemoryBurstLimiter } from '../../src/platform/limits/memory-burst-limiter.js';
import { describeBurstLimiterConformance } from './support/burst-limiter-conformance.js';
import { ManualClock } from './support/manual-clock.js';

describeBurstLimiterConformance('memory', async () => ({
  create: async (clock) => new MemoryBurstLimiter(clock),
}));

describe('MemoryBurstLimiter', () => {
  it('keeps the recorded admissions when a key changes plan mid-window', async () => {
    const clock = new ManualClock(10_000);
    const limiter = new MemoryBurstLimiter(clock);
    for (let i = 0; i < 10; i++) {
      await limiter.hit('k', 10, 1000);
      clock.advance(10);
    }
    expect((await limiter.hit('k', 20, 1000)).remaining).toBe(9);
    expect((await limiter.hit('k', 5, 1000)).allowed).toBe(false);
  });
});
