import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callProvider,
  type RetryPolicy,
  type Scheduler,
} from '../../../src/market/providers/call-provider.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { ProviderError } from '../../../src/market/providers/provider-error.js';
import { providerFailure } from './provider-failure.js';

/** A simulated clock: sleeping moves time on at once; chance is scripted. */
function simulated(randoms: readonly number[] = [0.5]): Scheduler & { slept: number[] } {
  let t = Date.parse('2026-11-27T00:00:00Z');
  let r = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
    random: () => randoms[r++ % randoms.length] as number,
  };
}

const POLICY: RetryPolicy = { attempts: 5, baseMs: 1_000, capMs: 60_000, maxWaitMs: 300_000 };
const unavailable = () => new ProviderError('p', 'unavailable', 'GET / answered 503', { status: 503 });

describe('ProviderBudget', () => {
  it('never lets more than perMinute requests into any 60 s, nor perDay into any 24 h (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 60 }),
        async (perMinute, perDay, gaps) => {
          const clock = simulated();
          const budget = new ProviderBudget({ perMinute, perDay });
          const sent: number[] = [];
          for (const gap of gaps) {
            await clock.sleep(gap);
            await callProvider(
              'p',
              budget,
              async () => {
                sent.push(clock.now());
              },
              { ...POLICY, maxWaitMs: 2 * 86_400_000 },
              clock,
            );
          }
          for (let i = 0; i < sent.length; i++) {
            const t = sent[i] as number;
            expect(sent.filter((s) => s > t - 60_000 && s <= t).length).toBeLessThanOrEqual(perMinute);
            expect(sent.filter((s) => s > t - 86_400_000 && s <= t).length).toBeLessThanOrEqual(perDay);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts a call of several requests as that many, within every window (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 40 }),
        async (perMinute, cost, gaps) => {
          const clock = simulated();
          const budget = new ProviderBudget({ perMinute, perHour: perMinute * 4, perDay: 10_000 });
          const sent: number[] = [];
          for (const gap of gaps) {
            await clock.sleep(gap);
            await callProvider(
              'p',
              budget,
              async () => {
                for (let k = 0; k < cost; k++) sent.push(clock.now());
              },
              { ...POLICY, maxWaitMs: 2 * 86_400_000 },
              clock,
              undefined,
              cost,
            );
          }
          for (const t of sent) {
            expect(sent.filter((s) => s > t - 60_000 && s <= t).length).toBeLessThanOrEqual(perMinute);
            expect(sent.filter((s) => s > t - 3_600_000 && s <= t).length).toBeLessThanOrEqual(perMinute * 4);
          }
        },
      ),
      { numRuns: 60 },
    );
    // A call costing more than a window holds can never go: it fails at once instead of waiting forever.
    const e = await providerFailure(
      callProvider(
        'p',
        new ProviderBudget({ perMinute: 2, perDay: 100 }),
        async () => 1,
        POLICY,
        simulated(),
        undefined,
        3,
      ),
    );
    expect(e.kind).toBe('throttled');
  });

  it('refuses limits that are not positive', () => {
    expect(() => new ProviderBudget({ perMinute: 0, perDay: 10 })).toThrow(RangeError);
  });
});

describe('callProvider', () => {
  it('retries an unavailable provider with full-jitter exponential back-off, then gives up', async () => {
    const clock = simulated([1]);
    let calls = 0;
    const e = await providerFailure(
      callProvider(
        'p',
        new ProviderBudget({ perMinute: 100, perDay: 1000 }, { threshold: 99, cooldownMs: 1 }),
        async () => {
          calls++;
          throw unavailable();
        },
        POLICY,
        clock,
      ),
    );
    expect(e.kind).toBe('unavailable');
    expect(calls).toBe(5);
    // random() = 1: the top of each back-off range, 1, 2, 4, 8 s.
    expect(clock.slept).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('waits at least the Retry-After a throttled provider gave before the next attempt', async () => {
    const clock = simulated([0]);
    const at: number[] = [];
    const result = await callProvider(
      'p',
      new ProviderBudget({ perMinute: 100, perDay: 1000 }),
      async () => {
        at.push(clock.now());
        if (at.length === 1)
          throw new ProviderError('p', 'throttled', '429', { status: 429, retryAfterSeconds: 7 });
        return 'ok';
      },
      POLICY,
      clock,
    );
    expect(result).toBe('ok');
    expect((at[1] as number) - (at[0] as number)).toBe(7_000);
  });

  it('does not retry what retrying cannot fix', async () => {
    for (const kind of ['unknown_symbol', 'unauthorized', 'malformed'] as const) {
      let calls = 0;
      const e = await providerFailure(
        callProvider(
          'p',
          new ProviderBudget({ perMinute: 100, perDay: 1000 }),
          async () => {
            calls++;
            throw new ProviderError('p', kind, 'x');
          },
          POLICY,
          simulated(),
        ),
      );
      expect([e.kind, calls]).toEqual([kind, 1]);
    }
  });

  it('fails at once, saying until when, when the day’s budget is spent', async () => {
    const clock = simulated();
    const budget = new ProviderBudget({ perMinute: 10, perDay: 2 });
    for (let i = 0; i < 2; i++) await callProvider('p', budget, async () => i, POLICY, clock);
    let called = false;
    const e = await providerFailure(
      callProvider(
        'p',
        budget,
        async () => {
          called = true;
        },
        POLICY,
        clock,
      ),
    );
    expect(called).toBe(false);
    expect(e.kind).toBe('throttled');
    expect(e.message).toContain('(day)');
    expect(e.retryAfterSeconds).toBeGreaterThan(86_000);
  });

  it('opens its breaker after repeated failures, fails fast while open, and closes on a success after the cooldown', async () => {
    const clock = simulated([0]);
    const budget = new ProviderBudget({ perMinute: 100, perDay: 1000 }, { threshold: 3, cooldownMs: 60_000 });
    let calls = 0;
    let healthy = false;
    const call = async () => {
      calls++;
      if (!healthy) throw unavailable();
      return 'ok';
    };
    await providerFailure(callProvider('p', budget, call, { ...POLICY, attempts: 3 }, clock));
    expect(calls).toBe(3);
    const open = await providerFailure(callProvider('p', budget, call, POLICY, clock));
    expect(open.message).toContain('not called again until');
    expect(calls).toBe(3);
    await clock.sleep(60_000);
    healthy = true;
    expect(await callProvider('p', budget, call, POLICY, clock)).toBe('ok');
    expect(await callProvider('p', budget, call, POLICY, clock)).toBe('ok');
  });
});
