import { requireSameLength } from '../../math/guards.js';

/** Average price (TA-Lib `AVGPRICE`): (high + low + close + open) / 4. Lookback 0. */
export function avgprice(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
): Float64Array {
  const n = requireSameLength(open, high, low, close);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (high[i] + low[i] + close[i] + open[i]) / 4;
  return out;
}
