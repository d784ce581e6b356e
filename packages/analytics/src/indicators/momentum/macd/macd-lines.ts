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
  const slow = new Float64Array(n);
  const m0 = emaInto(src, slowPeriod, slow, start, slowAlpha);
  emaInto(src, fastPeriod, macd, start + slowPeriod - fastPeriod, fastAlpha);
  for (let i = m0; i < n; i++) macd[i] = macd[i]! - slow[i]!;
  const first = emaInto(macd, signalPeriod, signal, Math.min(m0, n));
  fillNaN(macd, 0, first);
  fillNaN(hist, 0, first);
  for (let i = first; i < n; i++) hist[i] = macd[i]! - signal[i]!;
  return { macd, signal, hist };
}
