import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { swingsKnownAt } from '../../src/patterns/swings/swings-known-at.js';
import type { Swing } from '../../src/patterns/swings/types.js';
import { wilderAtr } from '../../src/patterns/swings/wilder-atr.js';
import { zigZag } from '../../src/patterns/swings/zig-zag.js';
import { type Bars, pathBars, randomBars, talibAtr, tickerBars } from './chart-fixtures.js';

describe('private Wilder ATR', () => {
  // Oracle: TA-Lib 1.1.6 TA_ATR (node_modules/talib/src/lib/src/ta_func/ta_ATR.c); tolerance 1e-12 relative.
  it.each(['AAPL', 'XOM'])('matches TA-Lib ATR(14) bar for bar on %s', (ticker) => {
    const bars = tickerBars(ticker);
    const ours = wilderAtr(bars.high, bars.low, bars.close, 14);
    const ref = talibAtr(bars, 14);
    for (let i = 0; i < ref.length; i++) {
      if (Number.isNaN(ref[i]!)) expect(ours[i]).toBeNaN();
      else expect(Math.abs(ours[i]! - ref[i]!)).toBeLessThanOrEqual(1e-12 * ref[i]!);
    }
  });

  it('matches TA-Lib for short periods on random bars', () => {
    for (const period of [1, 2, 5]) {
      const bars = randomBars(period, 200);
      const ours = wilderAtr(bars.high, bars.low, bars.close, period);
      const ref = talibAtr(bars, period);
      for (let i = period; i < 200; i++) expect(ours[i]).toBeCloseTo(ref[i]!, 9);
    }
  });
});

/** Checks the zig-zag definition from the outside, with TA-Lib's ATR as the threshold unit. */
function checkZigZagDefinition(bars: Bars, swings: readonly Swing[], thresholdAtr: number): void {
  const atr = talibAtr(bars, 14);
  const start = atr.findIndex((v) => !Number.isNaN(v));
  for (let k = 0; k < swings.length; k++) {
    const s = swings[k]!;
    const prev = swings[k - 1];
    const isHigh = s.kind === 'high';
    const sign = isHigh ? 1 : -1;
    expect(s.price).toBe(isHigh ? bars.high[s.index] : bars.low[s.index]);
    expect(s.knownAt).toBeGreaterThan(s.index);
    if (prev) {
      expect(prev.kind).not.toBe(s.kind);
      expect(s.index).toBeGreaterThan(prev.index);
      expect(s.knownAt).toBeGreaterThanOrEqual(prev.knownAt);
    }
    // The extreme is the most extreme price from just after the previous swing through the confirming bar.
    for (let j = prev ? prev.index + 1 : start; j <= s.knownAt; j++) {
      expect(sign * (s.price - (isHigh ? bars.high[j]! : bars.low[j]!))).toBeGreaterThanOrEqual(0);
    }
    // Reversal reached the threshold at knownAt, and not on any earlier bar at which it was the candidate.
    let counter = isHigh ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    const firstCandidateBar = Math.max(s.index + 1, prev ? prev.knownAt : 0);
    for (let j = s.index + 1; j <= s.knownAt; j++) {
      counter = isHigh ? Math.min(counter, bars.low[j]!) : Math.max(counter, bars.high[j]!);
      const move = sign * (s.price - counter);
      const thr = thresholdAtr * atr[j]!;
      if (j === s.knownAt) expect(move).toBeGreaterThanOrEqual(thr * (1 - 1e-12));
      else if (j >= firstCandidateBar) expect(move).toBeLessThan(thr * (1 + 1e-12));
    }
  }
}

describe('zigZag', () => {
  it('finds the waypoints of a clean path as alternating swings', () => {
    const bars = pathBars([
      [0, 130],
      [20, 100],
      [40, 125],
      [60, 105],
      [80, 120],
      [100, 90],
    ]);
    const atr = wilderAtr(bars.high, bars.low, bars.close, 14);
    const swings = zigZag(bars.high, bars.low, atr, 2);
    // Bar 14 is the first bar with an ATR; its high (open = close[13] = 110.5, plus the 0.5 wick) is the
    // highest price the zig-zag has seen when the decline into bar 20 confirms it.
    expect(swings.map((s) => [s.kind, s.index, s.price])).toEqual([
      ['high', 14, 111],
      ['low', 20, 99.5],
      ['high', 40, 125.5],
      ['low', 60, 104.5],
      ['high', 80, 120.5],
    ]);
  });

  it('satisfies its definition on real data at several thresholds', () => {
    const bars = tickerBars('KO');
    const atr = wilderAtr(bars.high, bars.low, bars.close, 14);
    for (const thr of [1, 2, 4]) {
      const swings = zigZag(bars.high, bars.low, atr, thr);
      expect(swings.length).toBeGreaterThan(20);
      checkZigZagDefinition(bars, swings, thr);
    }
  });

  it('satisfies its definition on random walks (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 20, max: 400 }),
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        (seed, n, thr) => {
          const bars = randomBars(seed, n);
          const atr = wilderAtr(bars.high, bars.low, bars.close, 14);
          checkZigZagDefinition(bars, zigZag(bars.high, bars.low, atr, thr), thr);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never looks ahead: swings of bars[0..t] are the full swings known at t (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 20, max: 400 }),
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, n, thr, cut) => {
          const bars = randomBars(seed, n);
          const t = Math.floor(cut * (n - 1));
          const atr = wilderAtr(bars.high, bars.low, bars.close, 14);
          const full = zigZag(bars.high, bars.low, atr, thr);
          const h = bars.high.slice(0, t + 1);
          const l = bars.low.slice(0, t + 1);
          const c = bars.close.slice(0, t + 1);
          expect(zigZag(h, l, wilderAtr(h, l, c, 14), thr)).toEqual(swingsKnownAt(full, t));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('does not mutate its inputs', () => {
    const bars = randomBars(7, 300);
    const copy = bars.high.slice();
    const atr = wilderAtr(bars.high, bars.low, bars.close, 14);
    zigZag(bars.high, bars.low, atr, 1);
    expect(bars.high).toEqual(copy);
  });
});
