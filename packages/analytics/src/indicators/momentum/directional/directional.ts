import { fillNaN, trueRangeInto } from '../../core/index.js';

/** Wilder-smoothed +DM, −DM and true range as TA-Lib's DM/DI/DX/ADX functions accumulate them. */
export interface DirectionalSums {
  readonly plusDM: Float64Array;
  readonly minusDM: Float64Array;
  readonly tr: Float64Array;
}

const isZero = (x: number): boolean => x > -1e-14 && x < 1e-14;

/**
 * Directional movement sums (Wilder), TA-Lib style: at bar period − 1 each is the plain sum of the
 * raw values of bars 1..period−1; afterwards s = s − s/period + raw. +DM is the up move when it is
 * positive and larger than the down move (−DM symmetrically). A NaN in any input poisons all later sums.
 */
export function directionalSums(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): DirectionalSums {
  const n = close.length;
  const plusDM = new Float64Array(n);
  const minusDM = new Float64Array(n);
  const tr = new Float64Array(n);
  trueRangeInto(high, low, close, tr);
  const first = period - 1;
  let p = 0;
  let m = 0;
  let t = 0;
  for (let i = 1; i < n; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    let rp = 0;
    let rm = 0;
    if (Number.isNaN(up) || Number.isNaN(down)) {
      rp = Number.NaN;
      rm = Number.NaN;
    } else if (down > 0 && up < down) rm = down;
    else if (up > 0 && up > down) rp = up;
    if (i <= first) {
      p += rp;
      m += rm;
      t += tr[i]!;
    } else {
      p = p - p / period + rp;
      m = m - m / period + rm;
      t = t - t / period + tr[i]!;
    }
    plusDM[i] = p;
    minusDM[i] = m;
    tr[i] = t;
  }
  fillNaN(plusDM, 0, first);
  fillNaN(minusDM, 0, first);
  fillNaN(tr, 0, first);
  return { plusDM, minusDM, tr };
}

/** 100·dm/tr, 0 when tr is 0 (TA-Lib PLUS_DI / MINUS_DI), from bar `period` on. */
export function directionalIndex(
  dm: Float64Array,
  tr: Float64Array,
  period: number,
  out: Float64Array,
): void {
  fillNaN(out, 0, period);
  for (let i = period; i < out.length; i++) {
    const t = tr[i]!;
    out[i] = isZero(t) ? 0 * dm[i]! : 100 * (dm[i]! / t);
  }
}

/**
 * Raw DX per bar from bar `period` on: 100·|+DI − −DI|/(+DI + −DI). Bars where it is undefined (zero
 * true range or zero DI sum) are −1, so DX can repeat its previous value and ADX can skip them, each
 * as TA-Lib does.
 */
export function rawDx(sums: DirectionalSums, period: number, out: Float64Array): void {
  const { plusDM, minusDM, tr } = sums;
  fillNaN(out, 0, period);
  for (let i = period; i < out.length; i++) {
    const t = tr[i]!;
    if (isZero(t)) {
      out[i] = -1;
      continue;
    }
    const mdi = 100 * (minusDM[i]! / t);
    const pdi = 100 * (plusDM[i]! / t);
    const sum = mdi + pdi;
    out[i] = isZero(sum) ? -1 : 100 * (Math.abs(mdi - pdi) / sum);
  }
}

/** ADX from raw DX: mean of the first `period` DX values, then Wilder smoothing (TA-Lib `TA_ADX`). */
export function adxFromRawDx(dx: Float64Array, period: number, out: Float64Array): number {
  const n = dx.length;
  const first = 2 * period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let sum = 0;
  for (let i = period; i <= first; i++) {
    const d = dx[i]!;
    if (d !== -1) sum += d;
  }
  let adx = sum / period;
  out[first] = adx;
  for (let i = first + 1; i < n; i++) {
    const d = dx[i]!;
    if (d !== -1) adx = (adx * (period - 1) + d) / period;
    out[i] = adx;
  }
  return first;
}
