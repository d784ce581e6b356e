import { simulateMarket } from '@bellwether/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abdiRanaldoSpread,
  corwinSchultzSpread,
  corwinSchultzTwoDay,
  edgeSpread,
  edgeSpreadSample,
  rollSpread,
} from '../../src/microstructure/index.js';

const last = (a: Float64Array) => a[a.length - 1]!;

describe('daily spread estimators on the seeded Roll-model simulator (true spread 1 %)', () => {
  // 4 000 simulated days, 390 one-minute steps, daily volatility 1 %, half-spread 0.5 %.
  const sims = [11, 12, 13].map((seed) => simulateMarket({ seed, days: 4000 }));

  it.each(sims.map((s, i) => [i, s] as const))(
    'sample %i: Roll and EDGE within 10 %% of the true spread',
    (_, s) => {
      const n = s.close.length;
      const roll = last(rollSpread(s.close, { window: n - 1 }));
      const edge = edgeSpreadSample(s.open, s.high, s.low, s.close);
      expect(Math.abs(roll / s.trueSpread - 1)).toBeLessThan(0.1);
      expect(Math.abs(edge / s.trueSpread - 1)).toBeLessThan(0.1);
    },
  );

  it.each(sims.map((s, i) => [i, s] as const))(
    'sample %i: Corwin–Schultz and Abdi–Ranaldo within 15 %%',
    (_, s) => {
      const n = s.close.length;
      const cs = last(corwinSchultzSpread(s.high, s.low, s.close, { window: n - 1 }));
      const ar = last(abdiRanaldoSpread(s.high, s.low, s.close, { window: n - 1 }));
      expect(Math.abs(cs / s.trueSpread - 1)).toBeLessThan(0.15);
      expect(Math.abs(ar / s.trueSpread - 1)).toBeLessThan(0.15);
    },
  );

  it('EDGE stays unbiased when only 30 % of minutes trade (its design goal)', () => {
    const s = simulateMarket({ seed: 21, days: 4000, tradeProbability: 0.3 });
    expect(Math.abs(edgeSpreadSample(s.open, s.high, s.low, s.close) / s.trueSpread - 1)).toBeLessThan(0.1);
  });

  it('rolling EDGE at the last bar equals the whole-sample estimate over the same bars', () => {
    const s = simulateMarket({ seed: 5, days: 200 });
    const w = 63;
    const rolling = edgeSpread(s.open, s.high, s.low, s.close, { window: w });
    const n = s.close.length;
    const sub = (a: Float64Array) => a.subarray(n - w - 1);
    expect(last(rolling)).toBeCloseTo(
      edgeSpreadSample(sub(s.open), sub(s.high), sub(s.low), sub(s.close)),
      14,
    );
  });
});

describe('warm-up, alignment and purity', () => {
  const s = simulateMarket({ seed: 3, days: 80 });
  const cases: [string, () => Float64Array, number][] = [
    ['roll', () => rollSpread(s.close, { window: 21 }), 21],
    ['corwinSchultz', () => corwinSchultzSpread(s.high, s.low, s.close, { window: 21 }), 21],
    ['abdiRanaldo', () => abdiRanaldoSpread(s.high, s.low, s.close, { window: 21 }), 21],
    ['edge', () => edgeSpread(s.open, s.high, s.low, s.close, { window: 21 }), 21],
  ];
  it.each(cases)('%s: input length out, NaN for exactly the first %i bars', (_, run, lookback) => {
    const out = run();
    expect(out.length).toBe(s.close.length);
    for (let i = 0; i < out.length; i++) expect(Number.isNaN(out[i]!)).toBe(i < lookback);
  });

  it('never mutates the caller arrays', () => {
    const copy = [s.open, s.high, s.low, s.close].map((a) => Float64Array.from(a));
    for (const [, run] of cases) run();
    expect([s.open, s.high, s.low, s.close]).toEqual(copy);
  });
});

describe('negative-estimate handling', () => {
  // A trending close (positively autocorrelated returns) makes Roll's autocovariance positive.
  const close = Float64Array.from({ length: 30 }, (_, i) => 100 * Math.exp(0.001 * i * i));
  it('Roll: zero by default, NaN or signed root on request', () => {
    expect(last(rollSpread(close, { window: 20 }))).toBe(0);
    expect(last(rollSpread(close, { window: 20, negative: 'nan' }))).toBeNaN();
    const kept = last(rollSpread(close, { window: 20, negative: 'keep' }));
    expect(kept).toBeLessThan(0);
    expect(last(rollSpread(close, { window: 20, negative: 'abs' }))).toBeCloseTo(-kept, 15);
  });

  it('Roll golden: alternating bounce gives 2·|r|·√(m/(m−1)) correction-free spread', () => {
    // Returns alternate +x, −x: Cov(r_t, r_{t−1}) over m pairs with sample denominator is −x²·m/(m−1)
    // (pairs are all (−x·x); means ±x/m cancel to first order — computed exactly below).
    const x = 0.004;
    const c = Float64Array.from({ length: 12 }, (_, i) => 100 * Math.exp(i % 2 === 0 ? 0 : x));
    const r = Array.from({ length: 11 }, (_, i) => Math.log(c[i + 1]! / c[i]!));
    const pairs = r.slice(1).map((v, i) => [v, r[i]!] as const);
    const mx = pairs.reduce((a, p) => a + p[0], 0) / pairs.length;
    const my = pairs.reduce((a, p) => a + p[1], 0) / pairs.length;
    const cov = pairs.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / (pairs.length - 1);
    expect(last(rollSpread(c, { window: 11 }))).toBeCloseTo(2 * Math.sqrt(-cov), 15);
  });

  it('Corwin–Schultz two-day estimate is negative for a wide two-day range and is zeroed by default', () => {
    // Day 1 range 100–101, day 2 range 105–106: γ dominates β so α < 0.
    expect(corwinSchultzTwoDay(101, 100, 106, 105)).toBeLessThan(0);
    const high = Float64Array.from([101, 106]);
    const low = Float64Array.from([100, 105]);
    const close = Float64Array.from([100.5, 105.5]);
    expect(corwinSchultzSpread(high, low, close, { window: 1, adjustOvernight: false })[1]).toBe(0);
    expect(
      corwinSchultzSpread(high, low, close, { window: 1, adjustOvernight: false, negative: 'nan' })[1],
    ).toBeNaN();
  });

  it('Corwin–Schultz golden: two identical days with range H/L give the closed form', () => {
    // β = 2·ln²(H/L), γ = ln²(H/L) ⇒ α = (2 − √2)·k/(3 − 2√2) − k/√(3 − 2√2), k = ln(H/L).
    const k = Math.log(101 / 100);
    const c = 3 - 2 * Math.SQRT2;
    const alpha = ((2 - Math.SQRT2) * k) / c - k / Math.sqrt(c);
    const expected = (2 * (Math.exp(alpha) - 1)) / (1 + Math.exp(alpha));
    expect(corwinSchultzTwoDay(101, 100, 101, 100)).toBeCloseTo(expected, 15);
  });

  it('EDGE: NaN when prices never move (bidask python/tests/test_edge.py, third case)', () => {
    const o = Float64Array.from([18.21, 17.61, 17.61]);
    const h = Float64Array.from([18.21, 17.61, 17.61]);
    const l = Float64Array.from([17.61, 17.61, 17.61]);
    const c = Float64Array.from([17.61, 17.61, 17.61]);
    expect(edgeSpreadSample(o, h, l, c)).toBeNaN();
  });
});

describe('properties', () => {
  it('spread estimators are invariant to rescaling all prices', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        (seed, k) => {
          const s = simulateMarket({ seed, days: 40, minutesPerDay: 30 });
          const m = (a: Float64Array) => a.map((v) => v * k);
          const a = edgeSpread(s.open, s.high, s.low, s.close, { window: 30 });
          const b = edgeSpread(m(s.open), m(s.high), m(s.low), m(s.close), { window: 30 });
          const c = corwinSchultzSpread(s.high, s.low, s.close, { window: 30 });
          const d = corwinSchultzSpread(m(s.high), m(s.low), m(s.close), { window: 30 });
          for (let i = 30; i < 40; i++) {
            expect(b[i]).toBeCloseTo(a[i]!, 9);
            expect(d[i]).toBeCloseTo(c[i]!, 9);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('with negative = zero every estimate is ≥ 0 or NaN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const s = simulateMarket({ seed, days: 30, minutesPerDay: 20, halfSpread: 0.0005 });
        for (const out of [
          rollSpread(s.close, { window: 10 }),
          corwinSchultzSpread(s.high, s.low, s.close, { window: 10 }),
          abdiRanaldoSpread(s.high, s.low, s.close, { window: 10 }),
          edgeSpread(s.open, s.high, s.low, s.close, { window: 10, negative: 'zero' }),
        ]) {
          for (const v of out) if (!Number.isNaN(v)) expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 40 },
    );
  });
});
