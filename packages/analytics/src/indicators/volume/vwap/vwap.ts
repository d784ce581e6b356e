import { rollingSumInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/**
 * Volume-weighted average price of the typical price (H+L+C)/3, cumulative from an anchor. Anchors:
 * the first bar, plus every bar where `anchors[i]` is true (e.g. each session's first bar), or — when
 * `resetEvery` > 0 — every `resetEvery`-th bar. Lookback 0; NaN while the anchored volume is 0.
 */
export function vwap(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  resetEvery = 0,
  anchors?: ArrayLike<boolean>,
): Float64Array {
  const n = requireSameLength(high, low, close, volume);
  requireInt('resetEvery', resetEvery, 0, 100000000);
  if (anchors !== undefined && anchors.length !== n)
    throw new RangeError('anchors must have the input length');
  const out = new Float64Array(n);
  let pv = 0;
  let vol = 0;
  if (resetEvery === 0 && anchors === undefined) {
    // No resets: the same arithmetic without the per-bar reset checks.
    for (let i = 0; i < n; i++) {
      const v = volume[i];
      pv += ((high[i] + low[i] + close[i]) / 3) * v;
      vol += v;
      out[i] = vol === 0 ? Number.NaN : pv / vol;
    }
    return out;
  }
  for (let i = 0; i < n; i++) {
    if ((resetEvery > 0 && i % resetEvery === 0) || anchors?.[i] === true) {
      pv = 0;
      vol = 0;
    }
    const v = volume[i];
    pv += ((high[i] + low[i] + close[i]) / 3) * v;
    vol += v;
    out[i] = vol === 0 ? Number.NaN : pv / vol;
  }
  return out;
}

/** Leading NaN bars of `rollingVwap`. */
export function rollingVwapLookback(period: number): number {
  return period - 1;
}

/**
 * Rolling VWAP: Σ typical price × volume / Σ volume over the last `period` bars, the moving window of
 * TradingView's Rolling VWAP (which uses one month on daily charts) counted in bars. NaN during the first
 * `period` − 1 bars and wherever the window's volume is 0.
 */
export function rollingVwap(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period = 20,
): Float64Array {
  const n = requireSameLength(high, low, close, volume);
  requireInt('period', period, 1, 100000000);
  const pv = new Float64Array(n);
  for (let i = 0; i < n; i++) pv[i] = ((high[i] + low[i] + close[i]) / 3) * volume[i];
  const num = new Float64Array(n);
  const out = new Float64Array(n);
  const first = rollingSumInto(pv, period, num, 0);
  rollingSumInto(volume, period, out, 0);
  for (let i = first; i < n; i++) out[i] = out[i] === 0 ? Number.NaN : num[i] / out[i];
  return out;
}
