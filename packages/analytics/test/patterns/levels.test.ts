import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORT_RESISTANCE_DEFAULTS } from '../../src/patterns/levels/options.js';
import {
  detectSupportResistance,
  supportResistanceAt,
} from '../../src/patterns/levels/support-resistance.js';
import type { SupportResistanceResult } from '../../src/patterns/levels/types.js';
import { wilderAtr } from '../../src/patterns/swings/wilder-atr.js';
import { zigZag } from '../../src/patterns/swings/zig-zag.js';
import { type Bars, pathBars, randomBars, talibAtr, tickerBars } from './chart-fixtures.js';

const prefix = (bars: Bars, t: number) => ({
  high: bars.high.slice(0, t + 1),
  low: bars.low.slice(0, t + 1),
  close: bars.close.slice(0, t + 1),
});

/** Properties every result must have, whatever the data. */
function checkLevels(r: SupportResistanceResult, minTouches: number): void {
  for (let k = 0; k < r.levels.length; k++) {
    const l = r.levels[k]!;
    expect(l.kind).toBe(l.price <= r.close ? 'support' : 'resistance');
    expect(l.high - l.low).toBeLessThanOrEqual(r.tolerance);
    expect(l.low).toBeLessThanOrEqual(l.price);
    expect(l.price).toBeLessThanOrEqual(l.high);
    expect(l.touches).toBeGreaterThanOrEqual(minTouches);
    expect(l.highTouches + l.lowTouches).toBe(l.touches);
    expect(l.firstTouch).toBeLessThanOrEqual(l.lastTouch);
    expect(l.lastTouch).toBeLessThan(r.asOf);
    expect(l.strength).toBeGreaterThan(0);
    expect(l.strength).toBeLessThanOrEqual(l.touches);
    if (k > 0) expect(l.low).toBeGreaterThan(r.levels[k - 1]!.high);
  }
}

describe('support and resistance', () => {
  // Waypoints: lows of 100 at bars 20, 50, 80 and highs of 120 at 35, 65, 95 (swing prices ∓ 0.5 wick);
  // the path ends at 110, between them.
  const bars = pathBars([
    [0, 115],
    [20, 100],
    [35, 120],
    [50, 100],
    [65, 120],
    [80, 100],
    [95, 120],
    [105, 110],
  ]);

  it('finds the repeated lows as support and the repeated highs as resistance', () => {
    const r = detectSupportResistance(bars);
    const atr = talibAtr(bars, 14);
    expect(r.asOf).toBe(105);
    expect(r.close).toBe(110);
    expect(r.tolerance).toBeCloseTo(0.5 * atr[105]!, 12);
    const decay = (bars: number[]) => bars.reduce((s, b) => s + 0.5 ** ((105 - b) / 250), 0);
    expect(r.levels).toEqual([
      {
        price: 99.5,
        kind: 'support',
        low: 99.5,
        high: 99.5,
        touches: 3,
        highTouches: 0,
        lowTouches: 3,
        firstTouch: 20,
        lastTouch: 80,
        strength: expect.closeTo(decay([20, 50, 80]), 12),
      },
      {
        price: 120.5,
        kind: 'resistance',
        low: 120.5,
        high: 120.5,
        touches: 3,
        highTouches: 3,
        lowTouches: 0,
        firstTouch: 35,
        lastTouch: 95,
        strength: expect.closeTo(decay([35, 65, 95]), 12),
      },
    ]);
  });

  it('relabels a level once the close moves through it', () => {
    const broken = pathBars([
      [0, 115],
      [20, 100],
      [35, 120],
      [50, 100],
      [65, 120],
      [80, 100],
      [95, 120],
      [105, 110],
      [125, 130],
    ]);
    const r = detectSupportResistance(broken);
    expect(r.levels.find((l) => l.price === 120.5)?.kind).toBe('support');
  });

  it('is empty during the ATR warm-up and for an empty series', () => {
    expect(supportResistanceAt(bars, 13).levels).toEqual([]);
    const empty = new Float64Array(0);
    expect(detectSupportResistance({ high: empty, low: empty, close: empty }).levels).toEqual([]);
  });

  it('rejects invalid options, a bad as-of bar and mismatched arrays with RangeError', () => {
    expect(() => detectSupportResistance(bars, { toleranceAtr: -1 })).toThrow(RangeError);
    expect(() => detectSupportResistance(bars, { minTouches: 1.5 })).toThrow(RangeError);
    expect(() => supportResistanceAt(bars, 106)).toThrow(RangeError);
    expect(() => detectSupportResistance({ ...bars, high: bars.high.subarray(1) })).toThrow(RangeError);
    const gap = bars.low.slice();
    gap[9] = Number.POSITIVE_INFINITY;
    expect(() => detectSupportResistance({ ...bars, low: gap })).toThrow(/bar 9/);
    // …but a bad bar after the as-of bar is none of its business.
    expect(supportResistanceAt({ ...bars, low: gap }, 8)).toEqual(supportResistanceAt(bars, 8));
  });

  it('satisfies the labelling and clustering properties on random series (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 20, max: 600 }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        (seed, n, toleranceAtr, minTouches) => {
          const r = detectSupportResistance(randomBars(seed, n), {
            toleranceAtr,
            minTouches,
            swingThresholdAtr: 1,
          });
          checkLevels(r, minTouches);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with minTouches 1, the levels partition every known swing within maxAgeBars (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 20, max: 600 }),
        fc.integer({ min: 10, max: 400 }),
        (seed, n, maxAgeBars) => {
          const b = randomBars(seed, n);
          const t = n - 1;
          const atr = wilderAtr(b.high, b.low, b.close, 14);
          const known = zigZag(b.high, b.low, atr, 1).filter(
            (s) => s.knownAt <= t && t - s.index <= maxAgeBars,
          );
          const r = detectSupportResistance(b, { minTouches: 1, swingThresholdAtr: 1, maxAgeBars });
          expect(r.levels.reduce((s, l) => s + l.touches, 0)).toBe(known.length);
          expect(r.levels.reduce((s, l) => s + l.highTouches, 0)).toBe(
            known.filter((s) => s.kind === 'high').length,
          );
          for (const s of known)
            expect(r.levels.some((l) => l.low <= s.price && s.price <= l.high)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never looks ahead: levels of bars[0..t] equal the levels as of t on the full series (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 20, max: 600 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, n, cut) => {
          const b = randomBars(seed, n);
          const t = Math.floor(cut * (n - 1));
          const opts = { swingThresholdAtr: 1, minTouches: 1 };
          expect(detectSupportResistance(prefix(b, t), opts)).toEqual(supportResistanceAt(b, t, opts));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('scales with prices: doubling every price doubles levels and keeps touches (exact in binary)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 20, max: 400 }), (seed, n) => {
        const b = randomBars(seed, n);
        const twice = {
          high: b.high.map((v) => v * 2),
          low: b.low.map((v) => v * 2),
          close: b.close.map((v) => v * 2),
        };
        const r1 = detectSupportResistance(b, { swingThresholdAtr: 1, minTouches: 1 });
        const r2 = detectSupportResistance(twice, { swingThresholdAtr: 1, minTouches: 1 });
        expect(r2.levels.map((l) => [l.touches, l.firstTouch, l.lastTouch, l.kind, l.price / 2])).toEqual(
          r1.levels.map((l) => [l.touches, l.firstTouch, l.lastTouch, l.kind, l.price]),
        );
      }),
      { numRuns: 60 },
    );
  });

  it.each(['KO', 'JPM'])(
    'runs on real data (%s) with consistent levels and does not mutate inputs',
    (ticker) => {
      const b = tickerBars(ticker);
      const copy = b.close.slice();
      const r = detectSupportResistance(b);
      expect(b.close).toEqual(copy);
      expect(r.levels.length).toBeGreaterThan(0);
      expect(r.levels.some((l) => l.kind === 'support')).toBe(true);
      expect(r.levels.some((l) => l.kind === 'resistance')).toBe(true);
      checkLevels(r, SUPPORT_RESISTANCE_DEFAULTS.minTouches);
      for (const l of r.levels)
        expect(r.asOf - l.firstTouch).toBeLessThanOrEqual(SUPPORT_RESISTANCE_DEFAULTS.maxAgeBars);
    },
  );
});
