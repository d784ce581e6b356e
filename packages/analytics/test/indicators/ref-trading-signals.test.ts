/**
 * Second opinions from trading-signals 8.3 (bennycode/trading-signals, an independent streaming
 * TypeScript implementation; dev dependency) for indicators without a TA-Lib function or a
 * Stock.Indicators series for every output: zlema, chexit, supertrend. Inputs: Stock.Indicators
 * quotes/default.csv and Pooksoft AAPL 1999–2015. Tolerance 1e-9 relative (floor 1) from the bar
 * stated, after their different seeds have decayed:
 * - ZLEMA seeds its EMA with the price at bar lag, ours with the SMA of the first `period` de-lagged
 *   values; the difference decays as ((p − 1)/(p + 1))^k — compared from bar 12 × (p + 1).
 * - ChandelierExit and SuperTrend use an ATR whose first true range is high − low on bar 0 (ours, as
 *   TA-Lib, starts at bar 1); the difference decays as (1 − 1/p)^k — compared from bar 30 × p.
 * The exact-from-warm-up references for these codes are in ref-talib-composed and ref-python.
 */
import * as TS from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { zlema } from '../../src/indicators/overlap/zlema/zlema.js';
import { supertrend } from '../../src/indicators/trend/supertrend/supertrend.js';
import { chexit } from '../../src/indicators/volatility/chexit/chexit.js';
import { compareSeries } from '../support/talib-oracle.js';
import { type Bars, fixtures } from './fixtures.js';

/** Streams every bar through `step`; NaN where it returns null. */
function stream(n: number, step: (i: number) => number | null): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) out[i] = step(i) ?? Number.NaN;
  return out;
}

const hlc = (b: Bars, i: number) => ({ high: b.high[i]!, low: b.low[i]!, close: b.close[i]! });

function expectCloseFrom(ours: Float64Array, ref: Float64Array, from: number): void {
  expect(ours.length - from, 'bars compared').toBeGreaterThan(150);
  const cmp = compareSeries(ours, ref, { relTol: 1e-9, from });
  expect(cmp.ok, cmp.detail).toBe(true);
}

describe.each(fixtures())('vs trading-signals on %s', (_label, b) => {
  const n = b.close.length;
  it.each([3, 9, 20])('zlema(%i) = ZLEMA once the seeds have decayed', (period) => {
    const z = new TS.ZLEMA(period);
    const ref = stream(n, (i) => {
      z.add(b.close[i]!);
      return z.isStable ? z.getResultOrThrow() : null;
    });
    expectCloseFrom(zlema(b.close, period), ref, 12 * (period + 1));
  });
  it.each([5, 10])('chexit(%i, 3) long/short = ChandelierExit once the ATR seeds have decayed', (period) => {
    const ce = new TS.ChandelierExit({ interval: period, multiplier: 3 });
    const res = Array.from({ length: n }, (_, i) => ce.add(hlc(b, i)));
    const ours = chexit(b.high, b.low, b.close, period, 3);
    expectCloseFrom(
      ours.long,
      stream(n, (i) => res[i]?.long ?? null),
      30 * period,
    );
    expectCloseFrom(
      ours.short,
      stream(n, (i) => res[i]?.short ?? null),
      30 * period,
    );
  });
  it.each([7, 10])(
    'supertrend(%i, 3) line and direction = SuperTrend once the ATR seeds have decayed',
    (period) => {
      const st = new TS.SuperTrend({ interval: period, multiplier: 3 });
      const res = Array.from({ length: n }, (_, i) => st.add(hlc(b, i)));
      const ours = supertrend(b.high, b.low, b.close, period, 3);
      const dir = (s: TS.TradingSignals) => (s === TS.TradingSignal.BULLISH ? 1 : -1);
      expectCloseFrom(
        ours.supertrend,
        stream(n, (i) => res[i]?.supertrend ?? null),
        30 * period,
      );
      expectCloseFrom(
        ours.direction,
        stream(n, (i) => (res[i] ? dir(res[i].trend) : null)),
        30 * period,
      );
    },
  );
});
