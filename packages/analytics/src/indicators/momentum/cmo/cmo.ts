import { fillNaN, firstFinite, nanArray, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `cmo` (TA-Lib: period). */
export function cmoLookback(period: number): number {
  return period;
}

/**
 * Chande momentum oscillator as TA-Lib `TA_CMO`: 100·(gain − loss)/(gain + loss) on Wilder-smoothed
 * gains and losses, seeded like RSI (0 when both are 0). Chande's original (and Stock.Indicators) use
 * plain window sums instead. Leading NaNs are skipped.
 */
export function cmo(values: Float64Array, period = 14): Float64Array {
  const n = values.length;
  const out = nanArray(n);
  const start = firstFinite(values);
  const first = start + period;
  if (first >= n) return out;
  fillNaN(out, 0, first);
  let gain = 0;
  let loss = 0;
  for (let i = start + 1; i <= first; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d < 0) loss -= d;
    else gain += d;
  }
  gain /= period;
  loss /= period;
  let sum = gain + loss;
  out[first] = Math.abs(sum) < 1e-14 ? 0 : 100 * ((gain - loss) / sum);
  for (let i = first + 1; i < n; i++) {
    const d = values[i]! - values[i - 1]!;
    gain *= period - 1;
    loss *= period - 1;
    if (d < 0) loss -= d;
    else gain += d;
    gain /= period;
    loss /= period;
    sum = gain + loss;
    out[i] = Math.abs(sum) < 1e-14 ? 0 : 100 * ((gain - loss) / sum);
  }
  return out;
}

/**
 * Chande's original CMO (and Stock.Indicators'): 100·(Σ up − Σ down)/(Σ up + Σ down) over the last
 * `period` changes, 0 when there was no change. Lookback `period`. Leading NaNs are skipped.
 */
export function cmoSum(values: Float64Array, period = 14): Float64Array {
  const n = values.length;
  const start = firstFinite(values);
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  for (let i = start + 1; i < n; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d > 0) up[i] = d;
    else if (d < 0) down[i] = -d;
    else if (Number.isNaN(d)) {
      up[i] = Number.NaN;
      down[i] = Number.NaN;
    }
  }
  const out = nanArray(n);
  const downSum = new Float64Array(n);
  const first = rollingSumInto(up, period, out, Math.min(start + 1, n));
  rollingSumInto(down, period, downSum, Math.min(start + 1, n));
  for (let i = first; i < n; i++) {
    const u = out[i]!;
    const total = u + downSum[i]!;
    out[i] = total === 0 ? 0 : (100 * (u - downSum[i]!)) / total;
  }
  return out;
}
