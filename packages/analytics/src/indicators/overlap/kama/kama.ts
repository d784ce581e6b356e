import { fillNaN, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `kama` (TA-Lib: period). */
export function kamaLookback(period: number): number {
  return period;
}

const SLOWEST = 2 / (30 + 1);
const FASTEST_MINUS_SLOWEST = 2 / (2 + 1) - SLOWEST;

/**
 * Kaufman adaptive moving average kernel (TA-Lib `TA_KAMA`: fast 2, slow 30, efficiency ratio over
 * `period` bars, smoothing constant squared, seeded with the value before the first output).
 */
export function kamaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let volatility = 0; // sum of |x[j] - x[j-1]| over the window
  for (let j = start + 1; j <= first; j++) volatility += Math.abs(src[j]! - src[j - 1]!);
  let prev = src[first - 1]!;
  prev = kamaStep(src[first]!, src[first - period]!, volatility, prev);
  out[first] = prev;
  // Unrolled ×2 (same operations in the same order): fewer per-iteration typed-array checks. `last`
  // and `lastBack` carry x[i−1] and x[i−period−1] over from the previous bar instead of reloading them.
  let last = src[first]!;
  let lastBack = src[first - period]!;
  let i = first + 1;
  for (; i + 1 < n; i += 2) {
    const x = src[i]!;
    const back = src[i - period]!;
    volatility += Math.abs(x - last) - Math.abs(back - lastBack);
    prev = kamaStep(x, back, volatility, prev);
    out[i] = prev;
    last = src[i + 1]!;
    lastBack = src[i + 1 - period]!;
    volatility += Math.abs(last - x) - Math.abs(lastBack - back);
    prev = kamaStep(last, lastBack, volatility, prev);
    out[i + 1] = prev;
  }
  for (; i < n; i++) {
    const x = src[i]!;
    const back = src[i - period]!;
    volatility += Math.abs(x - last) - Math.abs(back - lastBack);
    prev = kamaStep(x, back, volatility, prev);
    out[i] = prev;
    last = x;
    lastBack = back;
  }
  return first;
}

/** One KAMA bar: x and the value `period` bars back, the window's volatility, the previous KAMA. */
function kamaStep(x: number, back: number, volatility: number, prev: number): number {
  const change = x - back;
  const er = volatility <= change || Math.abs(volatility) < 1e-14 ? 1 : Math.abs(change / volatility);
  let sc = er * FASTEST_MINUS_SLOWEST + SLOWEST;
  sc *= sc;
  return (x - prev) * sc + prev;
}

/** Kaufman adaptive moving average. Leading NaNs are skipped. */
export function kama(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  kamaInto(values, period, out, firstFinite(values));
  return out;
}
