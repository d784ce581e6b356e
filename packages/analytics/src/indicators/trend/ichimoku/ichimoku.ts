import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/**
 * Lookback of `ichimoku`: every line defined — the longest window (the leading spans need tenkan and
 * kijun, or senkou B, at t − displacement) plus the displacement.
 */
export function ichimokuLookback(
  tenkan: number,
  kijun: number,
  senkouB: number,
  displacement: number,
): number {
  return Math.max(tenkan, kijun, senkouB) - 1 + displacement;
}

export type Ichimoku = {
  readonly tenkan: Float64Array;
  readonly kijun: Float64Array;
  readonly senkou_a: Float64Array;
  readonly senkou_b: Float64Array;
};

function midline(high: Float64Array, low: Float64Array, period: number): Float64Array {
  const n = high.length;
  const hi = nanArray(n);
  const lo = nanArray(n);
  if (period > 1) {
    rollingMaxInto(high, period, hi);
    rollingMinInto(low, period, lo);
  } else {
    hi.set(high);
    lo.set(low);
  }
  for (let i = 0; i < n; i++) hi[i] = (hi[i] + lo[i]) / 2;
  return hi;
}

/**
 * Ichimoku kinko hyo (G. Hosoda; Stock.Indicators `ToIchimoku` lines): tenkan/kijun = midpoint of the
 * highest high and lowest low over 9/26 bars; senkou A = (tenkan + kijun)/2 and senkou B = 52-bar
 * midpoint, both plotted `displacement` bars ahead — so the value at bar t was computed at t −
 * displacement and nothing looks ahead. The chikou span (close plotted 26 bars back) would need
 * future closes in an aligned series and is not produced.
 */
export function ichimoku(
  high: Float64Array,
  low: Float64Array,
  tenkanPeriod = 9,
  kijunPeriod = 26,
  senkouBPeriod = 52,
  displacement = 26,
): Ichimoku {
  const n = requireSameLength(high, low);
  requireInt('tenkanPeriod', tenkanPeriod, 1, 100000);
  requireInt('kijunPeriod', kijunPeriod, 1, 100000);
  requireInt('senkouBPeriod', senkouBPeriod, 1, 100000);
  requireInt('displacement', displacement, 0, 100000);
  const tenkan = midline(high, low, tenkanPeriod);
  const kijun = midline(high, low, kijunPeriod);
  const b = midline(high, low, senkouBPeriod);
  const lb = ichimokuLookback(tenkanPeriod, kijunPeriod, senkouBPeriod, displacement);
  const senkouA = nanArray(n);
  const senkouB = nanArray(n);
  for (let i = lb; i < n; i++) {
    // A missing bar (NaN high or low) has no plotted spans either, though they come from older bars.
    const missing = Number.isNaN(high[i]) || Number.isNaN(low[i]);
    const j = i - displacement;
    senkouA[i] = missing ? Number.NaN : (tenkan[j] + kijun[j]) / 2;
    senkouB[i] = missing ? Number.NaN : b[j];
  }
  tenkan.fill(Number.NaN, 0, Math.min(n, lb));
  kijun.fill(Number.NaN, 0, Math.min(n, lb));
  return { tenkan, kijun, senkou_a: senkouA, senkou_b: senkouB };
}
