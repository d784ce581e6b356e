import { requireSameLength } from '../../math/guards.js';

export type HeikinAshiResult = {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
};

/**
 * Heikin-Ashi candles. close = (O+H+L+C)/4; open = (previous HA open + previous HA close)/2, seeded on
 * the first bar with (O+C)/2; high = max(H, HA open, HA close); low = min(L, HA open, HA close).
 * Lookback 0 (Stock.Indicators `ToHeikinAshi` convention). A bar with a NaN price is NaN throughout
 * (and, through the recursive open, so is every later open).
 */
export function heikinashi(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
): HeikinAshiResult {
  const n = requireSameLength(open, high, low, close);
  const ho = new Float64Array(n);
  const hh = new Float64Array(n);
  const hl = new Float64Array(n);
  const hc = new Float64Array(n);
  let prevOpen = Number.NaN;
  let prevClose = Number.NaN;
  for (let i = 0; i < n; i++) {
    const c = (open[i] + high[i] + low[i] + close[i]) / 4;
    const o = i === 0 ? (open[i] + close[i]) / 2 : (prevOpen + prevClose) / 2;
    ho[i] = Number.isNaN(c) ? Number.NaN : o;
    hc[i] = c;
    hh[i] = Math.max(high[i], o, c);
    hl[i] = Math.min(low[i], o, c);
    prevOpen = o;
    prevClose = c;
  }
  return { open: ho, high: hh, low: hl, close: hc };
}
