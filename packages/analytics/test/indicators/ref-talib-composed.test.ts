/**
 * Indicators that TA-Lib has no function for, compared with TA-Lib C primitives (talib npm 1.1.6)
 * composed exactly as the indicator's published definition says. Inputs: Stock.Indicators
 * quotes/default.csv and Pooksoft AAPL 1999–2015 daily bars. Tolerance: exact class, 1e-9 relative
 * (absolute floor 1) on every bar, NaN on exactly the same warm-up bars.
 *
 * - zlema — J. Ehlers & R. Way (2010), formula as Wikipedia "Zero lag exponential moving average" gives
 *   it: lag = (period − 1)/2, ZLEMA = EMA(period) of x + (x − x[t − lag]); for even periods the lag is
 *   rounded down (as trading-signals does). TA-Lib EMA (SMA-seeded, the convention DESIGN §5 declares)
 *   over that de-lagged series.
 * - chexit — C. LeBeau, StockCharts ChartSchool "Chandelier Exit": long = highest high(n) − m × ATR(n),
 *   short = lowest low(n) + m × ATR(n); TA-Lib MAX, MIN and ATR (Wilder).
 * - vhf — A. White (Achelis, "Technical Analysis from A to Z"): (highest close(n) − lowest close(n)) /
 *   Σ over n bars of |close − previous close|; TA-Lib MAX, MIN, MOM(1) and SUM.
 * - chv — M. Chaikin (Achelis): percent change over r bars of the EMA(e) of high − low; TA-Lib EMA and ROC.
 * - eom — R. Arms, StockCharts ChartSchool "Ease of Movement": SMA(n) of the one-bar EMV =
 *   (midpoint − previous midpoint) / ((volume / divisor) / (high − low)); TA-Lib MEDPRICE, MOM(1), SMA.
 */
import { describe, expect, it } from 'vitest';
import { zlema } from '../../src/indicators/overlap/zlema/zlema.js';
import { vhf } from '../../src/indicators/trend/vhf/vhf.js';
import { chexit } from '../../src/indicators/volatility/chexit/chexit.js';
import { chv } from '../../src/indicators/volatility/chv/chv.js';
import { eom } from '../../src/indicators/volume/eom/eom.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };

/** TA-Lib function over `x` from bar `start` on (TA-Lib has no NaN skipping), re-aligned to `x`. */
function from(start: number, x: Float64Array, fn: string, opts: Record<string, number>): Float64Array {
  const r = talib(fn, { inReal: x.subarray(start) }, opts).outReal!;
  const out = new Float64Array(x.length).fill(Number.NaN);
  out.set(r, start);
  return out;
}

const zip = (a: Float64Array, b: Float64Array, f: (x: number, y: number) => number) =>
  Float64Array.from(a, (x, i) => f(x, b[i]!));

describe.each(fixtures())('vs TA-Lib primitives composed by definition on %s', (_label, b) => {
  const check = (ours: Float64Array, ref: Float64Array) => {
    const cmp = compareSeries(ours, ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  };

  it.each([2, 3, 9, 20, 50])('zlema(%i) = TA-Lib EMA of x + (x − x[t − lag])', (period) => {
    const lag = Math.floor((period - 1) / 2);
    const x = b.close;
    const delagged = Float64Array.from(x, (v, i) => (i >= lag ? 2 * v - x[i - lag]! : Number.NaN));
    check(zlema(x, period), from(lag, delagged, 'EMA', { optInTimePeriod: period }));
  });

  it.each([
    [22, 3],
    [10, 2],
    [1, 1],
  ])('chexit(%i, %d) long/short = TA-Lib MAX(high)/MIN(low) ∓ m × ATR', (period, m) => {
    const hlc = { high: b.high, low: b.low, close: b.close };
    const atr = talib('ATR', hlc, { optInTimePeriod: period }).outReal!;
    const hi = period > 1 ? talib('MAX', { inReal: b.high }, { optInTimePeriod: period }).outReal! : b.high;
    const lo = period > 1 ? talib('MIN', { inReal: b.low }, { optInTimePeriod: period }).outReal! : b.low;
    const ours = chexit(b.high, b.low, b.close, period, m);
    check(
      ours.long,
      zip(hi, atr, (h, a) => h - m * a),
    );
    check(
      ours.short,
      zip(lo, atr, (l, a) => l + m * a),
    );
  });

  it.each([2, 14, 28])('vhf(%i) = (TA-Lib MAX − MIN of close) / SUM(|MOM(1)|)', (period) => {
    const o = { optInTimePeriod: period };
    const x = b.close;
    const range = zip(
      talib('MAX', { inReal: x }, o).outReal!,
      talib('MIN', { inReal: x }, o).outReal!,
      (h, l) => h - l,
    );
    const moves = talib('MOM', { inReal: x }, { optInTimePeriod: 1 }).outReal!.map(Math.abs);
    const path = from(1, moves, 'SUM', o);
    check(
      vhf(x, period),
      zip(range, path, (r, p) => r / p),
    );
  });

  it.each([
    [10, 10],
    [5, 20],
    [1, 1],
  ])('chv(%i, %i) = TA-Lib ROC of EMA(high − low)', (e, r) => {
    const range = zip(b.high, b.low, (h, l) => h - l);
    const ema = e > 1 ? talib('EMA', { inReal: range }, { optInTimePeriod: e }).outReal! : range;
    check(chv(b.high, b.low, e, r), from(e - 1, ema, 'ROC', { optInTimePeriod: r }));
  });

  it.each([
    [14, 10000],
    [1, 1e8],
    [30, 1],
  ])('eom(%i, divisor %d) = TA-Lib SMA of the one-bar EMV', (period, divisor) => {
    const mid = talib('MEDPRICE', { high: b.high, low: b.low }).outReal!;
    const move = talib('MOM', { inReal: mid }, { optInTimePeriod: 1 }).outReal!;
    const emv = Float64Array.from(move, (d, i) => d / (b.volume[i]! / divisor / (b.high[i]! - b.low[i]!)));
    const ref = period > 1 ? from(1, emv, 'SMA', { optInTimePeriod: period }) : emv;
    expect(
      b.volume.every((v) => v > 0),
      'no zero-volume bar (we define those as 0)',
    ).toBe(true);
    check(eom(b.high, b.low, b.volume, period, divisor), ref);
  });
});
