import { nanArray, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `imi`. */
export function imiLookback(period: number): number {
  return period - 1;
}

/**
 * Intraday momentum index (Chande), TA-Lib `TA_IMI`: 100·Σ up bodies/(Σ up + Σ down bodies) over the
 * window, bodies = |close − open|. 0 for a window of doji-only bars (TA-Lib divides 0 by 0 there).
 */
export function imi(open: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = close[i]! - open[i]!;
    if (d > 0) up[i] = d;
    else if (d < 0) down[i] = -d;
    else if (Number.isNaN(d)) {
      up[i] = Number.NaN;
      down[i] = Number.NaN;
    }
  }
  const out = nanArray(n);
  const downSum = new Float64Array(n);
  const first = rollingSumInto(up, period, out);
  rollingSumInto(down, period, downSum);
  for (let i = first; i < n; i++) {
    const total = out[i]! + downSum[i]!;
    out[i] = total === 0 ? 0 : 100 * (out[i]! / total);
  }
  return out;
}
