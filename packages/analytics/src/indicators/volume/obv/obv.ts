import { requireSameLength } from '../../math/guards.js';

/**
 * On-balance volume (TA-Lib `OBV`): starts at the first bar's volume, then adds the volume of up
 * closes and subtracts that of down closes. Lookback 0. A NaN close or volume makes its bar NaN and
 * leaves the running total unchanged.
 */
export function obv(close: Float64Array, volume: Float64Array): Float64Array {
  const n = requireSameLength(close, volume);
  const out = new Float64Array(n);
  if (n === 0 || obvFastInto(close, volume, out)) return out;
  let total = volume[0];
  let prev = close[0];
  out[0] = Number.isNaN(prev) ? Number.NaN : total;
  for (let i = 1; i < n; i++) {
    const c = close[i];
    const v = volume[i];
    if (Number.isNaN(c) || Number.isNaN(v)) {
      out[i] = Number.NaN;
      continue;
    }
    if (c > prev) total += v;
    else if (c < prev) total -= v;
    out[i] = total;
    prev = c;
  }
  return out;
}

/**
 * OBV without branches (up/down closes are a coin flip on real data, and mispredicted branches cost
 * more than the arithmetic): total += volume × (+1, −1 or 0). ×1 and ×−1 are exact, so up and down
 * bars do what the guarded loop does. A flat bar adds volume × 0 = ±0, which leaves any total but −0
 * unchanged; the total is never −0 unless the first volume is (x + y is −0 only if both are −0), so
 * that case, and NaN closes (the guarded loop skips those bars), go to the guarded loop: returns false.
 * A NaN or flat-bar ±∞ volume leaves the total NaN, also returning false. Unrolled ×4.
 */
function obvFastInto(close: Float64Array, volume: Float64Array, out: Float64Array): boolean {
  const n = out.length;
  let total = volume[0]!;
  let prev = close[0]!;
  if (Number.isNaN(prev) || Object.is(total, -0)) return false;
  out[0] = total;
  let closes = 0; // NaN once a close is NaN (or closes of both infinite signs: then also the guarded loop)
  let i = 1;
  for (; i + 3 < n; i += 4) {
    let c = close[i]!;
    total += volume[i]! * (Number(c > prev) - Number(c < prev));
    out[i] = total;
    closes += c;
    prev = c;
    c = close[i + 1]!;
    total += volume[i + 1]! * (Number(c > prev) - Number(c < prev));
    out[i + 1] = total;
    closes += c;
    prev = c;
    c = close[i + 2]!;
    total += volume[i + 2]! * (Number(c > prev) - Number(c < prev));
    out[i + 2] = total;
    closes += c;
    prev = c;
    c = close[i + 3]!;
    total += volume[i + 3]! * (Number(c > prev) - Number(c < prev));
    out[i + 3] = total;
    closes += c;
    prev = c;
  }
  for (; i < n; i++) {
    const c = close[i]!;
    total += volume[i]! * (Number(c > prev) - Number(c < prev));
    out[i] = total;
    closes += c;
    prev = c;
  }
  return !Number.isNaN(total) && !Number.isNaN(closes);
}
