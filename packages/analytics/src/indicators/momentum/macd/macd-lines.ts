import { emaAlpha, emaInto, fillNaN } from '../../core/index.js';

export interface MacdLines {
  macd: Float64Array;
  signal: Float64Array;
  hist: Float64Array;
}

/**
 * MACD from EMAs with explicit smoothing factors (TA-Lib `INT_MACD`). TA-Lib aligns the fast EMA to
 * the slow one: the fast EMA's SMA seed uses the `fastPeriod` bars ending where the slow seed ends,
 * so both EMAs (and the MACD line) begin at bar start + slowPeriod − 1. The signal EMA is seeded on
 * the MACD line; all three outputs begin together at the signal's first bar.
 */
export function macdLines(
  src: Float64Array,
  start: number,
  fastPeriod: number,
  slowPeriod: number,
  signalPeriod: number,
  fastAlpha = emaAlpha(fastPeriod),
  slowAlpha = emaAlpha(slowPeriod),
): MacdLines {
  const n = src.length;
  // emaInto writes the NaN warm-up of macd and signal; hist's is filled below.
  const macd = new Float64Array(n);
  const signal = new Float64Array(n);
  const hist = new Float64Array(n);
  const m0 = fastSlowDifference(src, start, fastPeriod, slowPeriod, fastAlpha, slowAlpha, macd);
  const first = emaInto(macd, signalPeriod, signal, Math.min(m0, n));
  fillNaN(macd, 0, first);
  fillNaN(hist, 0, first);
  for (let i = first; i < n; i++) hist[i] = macd[i]! - signal[i]!;
  return { macd, signal, hist };
}

/**
 * fast EMA − slow EMA in one pass into `out` (NaN before start + slow − 1). The fast EMA's SMA seed
 * covers the `fast` bars ending at the slow seed's last bar, as TA-Lib. Returns the first defined index.
 */
function fastSlowDifference(
  src: Float64Array,
  start: number,
  fast: number,
  slow: number,
  fastAlpha: number,
  slowAlpha: number,
  out: Float64Array,
): number {
  const n = src.length;
  const first = start + slow - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let s = 0;
  let f = 0;
  for (let i = start; i <= first; i++) s += src[i]!;
  for (let i = first - fast + 1; i <= first; i++) f += src[i]!;
  s /= slow;
  f /= fast;
  out[first] = f - s;
  for (let i = first + 1; i < n; i++) {
    const x = src[i]!;
    s = (x - s) * slowAlpha + s;
    f = (x - f) * fastAlpha + f;
    out[i] = f - s;
  }
  return first;
}
