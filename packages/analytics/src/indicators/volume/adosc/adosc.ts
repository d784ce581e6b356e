import { fillNaN } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';
import { ad } from '../ad/ad.js';
import { moneyFlowVolume } from '../ad/money-flow.js';

/** Lookback of `adosc`: max(fast, slow) − 1. */
export function adoscLookback(fastPeriod: number, slowPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1;
}

/**
 * Chaikin A/D oscillator (TA-Lib `ADOSC`): EMA(fast) − EMA(slow) of the A/D line, both EMAs seeded with
 * the first A/D value (TA-Lib, not an SMA seed).
 */
export function adosc(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  fastPeriod = 3,
  slowPeriod = 10,
): Float64Array {
  requireInt('fastPeriod', fastPeriod, 2, 100000);
  requireInt('slowPeriod', slowPeriod, 2, 100000);
  const out = new Float64Array(requireSameLength(high, low, close, volume)); // every bar written below
  if (adoscFastInto(high, low, close, volume, fastPeriod, slowPeriod, out)) return out;
  const line = ad(high, low, close, volume);
  const n = line.length;
  out.fill(Number.NaN);
  if (n === 0) return out;
  const kf = 2 / (fastPeriod + 1);
  const ks = 2 / (slowPeriod + 1);
  let fast = line[0];
  let slow = line[0];
  const lb = adoscLookback(fastPeriod, slowPeriod);
  for (let i = 1; i < n; i++) {
    const a = line[i];
    fast = kf * a + (1 - kf) * fast;
    slow = ks * a + (1 - ks) * slow;
    if (i >= lb) out[i] = fast - slow;
  }
  return out;
}

/**
 * ADOSC in one pass without the A/D line array: the A/D running total (as `ad`'s fast path, no
 * per-bar NaN test) feeds both EMAs directly, with the same operations in the same order as the
 * composed code above. A NaN money-flow volume (which `ad` would skip) leaves the total NaN for good;
 * then this returns false and the caller recomputes everything with the composed code.
 */
function adoscFastInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  fastPeriod: number,
  slowPeriod: number,
  out: Float64Array,
): boolean {
  const n = out.length;
  const lb = Math.min(adoscLookback(fastPeriod, slowPeriod), n);
  fillNaN(out, 0, lb);
  if (n === 0) return true;
  const kf = 2 / (fastPeriod + 1);
  const ks = 2 / (slowPeriod + 1);
  const kf1 = 1 - kf;
  const ks1 = 1 - ks;
  let total = 0;
  total += moneyFlowVolume(high[0]!, low[0]!, close[0]!, volume[0]!);
  let fast = total;
  let slow = total;
  let i = 1;
  for (; i < lb; i++) {
    total += moneyFlowVolume(high[i]!, low[i]!, close[i]!, volume[i]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
  }
  // Unrolled ×8 (same operations in the same order): fewer per-iteration typed-array checks.
  for (; i + 7 < n; i += 8) {
    total += moneyFlowVolume(high[i]!, low[i]!, close[i]!, volume[i]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i] = fast - slow;
    total += moneyFlowVolume(high[i + 1]!, low[i + 1]!, close[i + 1]!, volume[i + 1]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 1] = fast - slow;
    total += moneyFlowVolume(high[i + 2]!, low[i + 2]!, close[i + 2]!, volume[i + 2]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 2] = fast - slow;
    total += moneyFlowVolume(high[i + 3]!, low[i + 3]!, close[i + 3]!, volume[i + 3]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 3] = fast - slow;
    total += moneyFlowVolume(high[i + 4]!, low[i + 4]!, close[i + 4]!, volume[i + 4]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 4] = fast - slow;
    total += moneyFlowVolume(high[i + 5]!, low[i + 5]!, close[i + 5]!, volume[i + 5]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 5] = fast - slow;
    total += moneyFlowVolume(high[i + 6]!, low[i + 6]!, close[i + 6]!, volume[i + 6]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 6] = fast - slow;
    total += moneyFlowVolume(high[i + 7]!, low[i + 7]!, close[i + 7]!, volume[i + 7]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i + 7] = fast - slow;
  }
  for (; i < n; i++) {
    total += moneyFlowVolume(high[i]!, low[i]!, close[i]!, volume[i]!);
    fast = kf * total + kf1 * fast;
    slow = ks * total + ks1 * slow;
    out[i] = fast - slow;
  }
  return !Number.isNaN(total);
}
