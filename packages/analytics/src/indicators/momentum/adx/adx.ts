import { fillNaN, nanArray } from '../../core/index.js';
import { adxFromRawDx, directionalSums, rawDx } from '../directional/directional.js';

/** Leading NaN bars of `adx` (TA-Lib: 2·period − 1). */
export function adxLookback(period: number): number {
  return 2 * period - 1;
}

const isZero = (x: number): boolean => x > -1e-14 && x < 1e-14;

/**
 * Average directional index (Wilder), TA-Lib `TA_ADX`. One pass without intermediate arrays: per bar
 * the operations of `directionalSums` (true range, ±DM, Wilder sums), `rawDx` and `adxFromRawDx`, in
 * the same order, so the results are the same. ±DM are selected without branches, which is exact for
 * finite moves; a series with a NaN or ±∞ move is recomputed by the composed kernels.
 */
export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  if (!Number.isInteger(period) || period < 1) return adxComposed(high, low, close, period);
  const n = close.length;
  const first = 2 * period - 1;
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return out;
  const seed = period - 1; // the Wilder sums are plain sums up to this bar
  let p = 0;
  let m = 0;
  let t = 0;
  let sum = 0;
  let adx = 0;
  let nonFinite = 0; // becomes NaN at the first NaN or ±∞ move
  for (let i = 1; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const pc = close[i - 1]!;
    const up = h - high[i - 1]!;
    const down = low[i - 1]! - l;
    // ±DM without branches (the up/down comparisons are a coin flip on real data, and mispredicted
    // branches cost more than the arithmetic): ×1 keeps the move exactly, ×0 gives ±0, which leaves
    // the Wilder sums unchanged. Exact only for finite moves, which `nonFinite` checks.
    const rp = up * (Number(up > 0) & Number(up > down));
    const rm = down * (Number(down > 0) & Number(up < down));
    nonFinite += up - up + (down - down);
    const tr = Math.max(h, pc) - Math.min(l, pc);
    if (i <= seed) {
      p += rp;
      m += rm;
      t += tr;
      continue;
    }
    p = p - p / period + rp;
    m = m - m / period + rm;
    t = t - t / period + tr;
    if (i < period) continue;
    let dx = -1; // undefined DX (zero true range or zero DI sum): skipped, as TA-Lib
    if (!isZero(t)) {
      const mdi = 100 * (m / t);
      const pdi = 100 * (p / t);
      const s = mdi + pdi;
      if (!isZero(s)) dx = 100 * (Math.abs(mdi - pdi) / s);
    }
    if (i > first) {
      if (dx !== -1) adx = (adx * (period - 1) + dx) / period;
      out[i] = adx;
    } else {
      if (dx !== -1) sum += dx;
      if (i === first) {
        adx = sum / period;
        out[i] = adx;
      }
    }
  }
  return Number.isNaN(nonFinite) ? adxComposed(high, low, close, period) : out;
}

/** The composed kernels (Wilder sums, raw DX, ADX) over intermediate arrays. */
function adxComposed(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const n = close.length;
  const d = nanArray(n);
  rawDx(directionalSums(high, low, close, period), period, d);
  const out = nanArray(n);
  adxFromRawDx(d, period, out);
  return out;
}
