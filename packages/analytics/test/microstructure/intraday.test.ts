import { simulateMarket } from '@bellwether/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cumulativeVwap,
  intradayProfiles,
  leeReady,
  normalCdf,
  orderImbalance,
  prevailingQuoteIndex,
  quotedSpread,
  tickRule,
  tradeSizeDistribution,
  tradeSpreads,
  twap,
  vpin,
  vwap,
} from '../../src/microstructure/index.js';

const f64 = (xs: number[]) => Float64Array.from(xs);

// Hand-built tape: quotes at 1 s (9.90/10.10), 10 s (10.00/10.20), 400 s (10.10/10.30).
const quoteTime = f64([1_000, 10_000, 400_000]);
const bid = f64([9.9, 10.0, 10.1]);
const ask = f64([10.1, 10.2, 10.3]);
const tradeTime = f64([500, 5_000, 6_000, 7_000, 12_000]);
const price = f64([10.0, 10.05, 9.95, 10.0, 10.05]);

describe('trade signing', () => {
  it('tick rule: upticks buy, downticks sell, zero ticks inherit, first trade unknown', () => {
    expect(Array.from(tickRule(f64([10, 10.1, 10.1, 10.0, 10.0, 10.2])))).toEqual([0, 1, 1, -1, -1, 1]);
  });

  it('Lee–Ready: quote rule against the prevailing mid, tick rule at the mid or without a quote', () => {
    // t=500 no quote, first trade → 0; 10.05 > mid 10.00 → buy; 9.95 < 10.00 → sell;
    // 10.00 at the mid → tick rule (up from 9.95) → buy; 10.05 < mid 10.10 (quote of t=10 s) → sell.
    expect(Array.from(leeReady(tradeTime, price, quoteTime, bid, ask))).toEqual([0, 1, -1, 1, -1]);
  });

  it('Lee–Ready with a 5 s quote lag uses the older quote', () => {
    // Trade at 12 s now sees the 1 s quote (mid 10.00) → buy; trade at 5 s has no quote ≤ 0 s → tick rule → buy.
    expect(Array.from(leeReady(tradeTime, price, quoteTime, bid, ask, { quoteLagMs: 5_000 }))).toEqual([
      0, 1, -1, 1, 1,
    ]);
  });

  it('prevailingQuoteIndex is the last quote at or before t − lag', () => {
    expect(Array.from(prevailingQuoteIndex(f64([999, 1_000, 10_001, 500_000]), quoteTime))).toEqual([
      -1, 0, 1, 2,
    ]);
  });

  it('recovers the true side of every simulated trade (trades at bid or ask)', () => {
    const s = simulateMarket({ seed: 7, days: 3, keepIntradayDays: 3 });
    const sign = leeReady(s.trades.time, s.trades.price, s.quotes.time, s.quotes.bid, s.quotes.ask);
    expect(Array.from(sign)).toEqual(Array.from(s.trades.side));
  });
});

describe('spreads', () => {
  it('effective, realised spread and price impact of hand trades (5-minute horizon)', () => {
    const sign = leeReady(tradeTime, price, quoteTime, bid, ask);
    const s = tradeSpreads(tradeTime, price, sign, quoteTime, bid, ask);
    // Trade 1: buy at 10.05, mid 10.00, mid 5 min later (305 s → quote of 10 s) 10.10.
    expect(s.effective[1]).toBeCloseTo((2 * 0.05) / 10, 12);
    expect(s.realised[1]).toBeCloseTo((2 * -0.05) / 10, 12);
    expect(s.impact[1]).toBeCloseTo((2 * 0.1) / 10, 12);
    // Trade 4: sell at 10.05, mid 10.10 then and 5 min later.
    expect(s.effective[4]).toBeCloseTo((2 * 0.05) / 10.1, 12);
    expect(s.impact[4]).toBeCloseTo(0, 12);
    // Trade 0 is unsigned.
    expect(s.effective[0]).toBeNaN();
    const abs = tradeSpreads(tradeTime, price, sign, quoteTime, bid, ask, { relative: false });
    expect(abs.effective[1]).toBeCloseTo(0.1, 12);
  });

  it('quoted spread, absolute and relative; crossed quotes are NaN', () => {
    expect(Array.from(quotedSpread(f64([9.9, 10, 10.2]), f64([10.1, 10.2, 10.1]), false))).toEqual([
      expect.closeTo(0.2, 12),
      expect.closeTo(0.2, 12),
      Number.NaN,
    ]);
    expect(quotedSpread(f64([9.9]), f64([10.1]))[0]).toBeCloseTo(0.02, 12);
  });

  it('simulated effective spread equals the true spread; effective = realised + impact', () => {
    const s = simulateMarket({ seed: 9, days: 2, keepIntradayDays: 2 });
    const sign = leeReady(s.trades.time, s.trades.price, s.quotes.time, s.quotes.bid, s.quotes.ask);
    const sp = tradeSpreads(s.trades.time, s.trades.price, sign, s.quotes.time, s.quotes.bid, s.quotes.ask, {
      horizonMs: 120_000,
    });
    let mean = 0;
    for (let i = 0; i < sp.effective.length; i++) {
      mean += sp.effective[i]! / sp.effective.length;
      expect(sp.realised[i]! + sp.impact[i]!).toBeCloseTo(sp.effective[i]!, 14);
    }
    expect(mean).toBeCloseTo(s.trueSpread, 12);
  });
});

describe('order imbalance, VWAP, TWAP', () => {
  it('order imbalance of signed volume', () => {
    const r = orderImbalance(Int8Array.from([1, 1, -1, 0]), f64([100, 300, 200, 50]));
    expect(r).toEqual({
      buyVolume: 400,
      sellVolume: 200,
      buyCount: 2,
      sellCount: 1,
      unclassifiedCount: 1,
      imbalance: 200 / 600,
    });
  });

  it('VWAP and running VWAP', () => {
    expect(vwap(f64([10, 11]), f64([100, 300]))).toBe(10.75);
    expect(Array.from(cumulativeVwap(f64([10, 11]), f64([100, 300])))).toEqual([10, 10.75]);
    expect(vwap(f64([]), f64([]))).toBeNaN();
  });

  it('TWAP holds each price until the next trade and carries the pre-interval price in', () => {
    expect(twap(f64([0, 30]), f64([10, 12]), 0, 60)).toBe(11);
    // Price 9 from before the interval holds over [10, 20), then 12 over [20, 40).
    expect(twap(f64([0, 20]), f64([9, 12]), 10, 40)).toBeCloseTo((9 * 10 + 12 * 20) / 30, 12);
    expect(twap(f64([50]), f64([9]), 0, 40)).toBeNaN();
  });
});

describe('VPIN', () => {
  it('hand case: three one-minute bars, bucket = bar volume', () => {
    // ΔP = +1, −1 ⇒ σ = √2; buy share Φ(±1/√2); Φ(1/√2) = 0.7602499389065233 (scipy.stats.norm.cdf, 1.10).
    const phi = 0.7602499389065233;
    const r = vpin(f64([0, 60_000, 120_000]), f64([100, 101, 100]), f64([100, 100, 100]), {
      bucketVolume: 100,
      window: 1,
    });
    expect(Array.from(r.vpin)).toEqual([0, expect.closeTo(2 * phi - 1, 7), expect.closeTo(2 * phi - 1, 7)]);
    const r2 = vpin(f64([0, 60_000, 120_000]), f64([100, 101, 100]), f64([100, 100, 100]), {
      bucketVolume: 100,
      window: 2,
    });
    expect(r2.vpin[0]).toBeNaN();
    expect(r2.vpin[1]).toBeCloseTo((2 * phi - 1) / 2, 7);
  });

  it('splits a bar across buckets and conserves volume; VPIN lies in [0, 1]', () => {
    const s = simulateMarket({ seed: 4, days: 2, keepIntradayDays: 2 });
    const bucketVolume = 10_000;
    const r = vpin(s.trades.time, s.trades.price, s.trades.size, { bucketVolume, window: 10 });
    let total = 0;
    for (const v of s.trades.size) total += v;
    expect(r.buyVolume.length).toBe(Math.floor(total / bucketVolume));
    for (let j = 0; j < r.vpin.length; j++) {
      expect(r.buyVolume[j]! + r.sellVolume[j]!).toBeCloseTo(bucketVolume, 6);
      if (j >= 9) {
        expect(r.vpin[j]).toBeGreaterThanOrEqual(0);
        expect(r.vpin[j]).toBeLessThanOrEqual(1);
      }
    }
  });

  it('normalCdf matches scipy.stats.norm.cdf (scipy 1.10) within 1e-7', () => {
    const golden: [number, number][] = [
      [-3, 0.0013498980316300933],
      [-1.5, 0.06680720126885807],
      [-0.5, 0.3085375387259869],
      [0, 0.5],
      [0.3, 0.6179114221889526],
      [1.96, 0.9750021048517795],
      [4, 0.9999683287581669],
    ];
    for (const [x, p] of golden) expect(Math.abs(normalCdf(x) - p)).toBeLessThan(1e-7);
  });
});

describe('trade-size distribution and intraday profiles', () => {
  it('histogram and quantiles (numpy.percentile golden values, numpy 1.24)', () => {
    const sizes = f64([100, 100, 200, 300, 500, 500, 1000, 2500, 10000, 20000]);
    const d = tradeSizeDistribution(sizes);
    expect(Array.from(d.counts)).toEqual([0, 2, 2, 2, 2, 0, 2]);
    expect(d.volumeShare[6]).toBeCloseTo(30000 / 35200, 12);
    expect(d.quantiles.p10).toBeCloseTo(100, 9);
    expect(d.quantiles.p25).toBeCloseTo(225, 9);
    expect(d.quantiles.p50).toBeCloseTo(500, 9);
    expect(d.quantiles.p75).toBeCloseTo(2125, 9);
    expect(d.quantiles.p90).toBeCloseTo(11000, 9);
    expect(d.quantiles.p99).toBeCloseTo(19100, 9);
    expect(d.mean).toBe(3520);
  });

  it('volume shares and volatility per hour-of-day across two days', () => {
    const day = 86_400_000;
    const at = (d: number, hh: number, mm: number) => d * day + (hh * 60 + mm) * 60_000;
    const time = f64([at(0, 14, 10), at(0, 14, 50), at(0, 15, 20), at(1, 14, 5), at(1, 15, 30)]);
    const p = f64([100, 101, 100, 50, 51]);
    const v = f64([100, 100, 200, 300, 100]);
    const r = intradayProfiles(time, p, v, { binMinutes: 60 });
    expect(r.days).toBe(2);
    expect(r.volumeShare[14]).toBeCloseTo((0.5 + 0.75) / 2, 12);
    expect(r.volumeShare[15]).toBeCloseTo((0.5 + 0.25) / 2, 12);
    expect(r.volatility[14]).toBeCloseTo(Math.sqrt(Math.log(1.01) ** 2 / 2), 12);
    expect(r.volatility[15]).toBeCloseTo(
      Math.sqrt((Math.log(100 / 101) ** 2 + Math.log(51 / 50) ** 2) / 2),
      12,
    );
    expect(r.volatility[3]).toBeNaN();
    // A −60 min offset moves the same trades one bin earlier.
    expect(
      intradayProfiles(time, p, v, { binMinutes: 60, utcOffsetMinutes: -60 }).volumeShare[13],
    ).toBeCloseTo(0.625, 12);
  });

  it('volume shares sum to one whenever every day has volume', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const s = simulateMarket({ seed, days: 2, minutesPerDay: 60, keepIntradayDays: 2 });
        const r = intradayProfiles(s.trades.time, s.trades.price, s.trades.size, { binMinutes: 15 });
        expect(r.volumeShare.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }),
      { numRuns: 20 },
    );
  });
});
