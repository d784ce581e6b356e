import { fillNaN, smaInto } from '../../core/index.js';

/** Leading NaN bars of `ao`: slow − 1. */
export function aoLookback(fastPeriod: number, slowPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1;
}

/**
 * Awesome oscillator (Bill Williams): SMA(median price, fast) − SMA(median price, slow), median price
 * = (high + low)/2; `normalized` = 100·ao/median price (as Stock.Indicators).
 */
export function ao(
  high: Float64Array,
  low: Float64Array,
  fastPeriod = 5,
  slowPeriod = 34,
): { ao: Float64Array; normalized: Float64Array } {
  const n = high.length;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = (high[i]! + low[i]!) / 2;
  const fast = new Float64Array(n);
  const out = new Float64Array(n); // smaInto writes the NaN warm-up
  const normalized = new Float64Array(n);
  smaInto(mid, fastPeriod, fast);
  const first = smaInto(mid, slowPeriod, out);
  fillNaN(normalized, 0, first); // written below from `first` on
  for (let i = first; i < n; i++) {
    out[i] = fast[i]! - out[i]!;
    normalized[i] = mid[i] !== 0 ? (100 * out[i]!) / mid[i]! : 0;
  }
  return { ao: out, normalized };
}
