import { firstFinite } from '../../core/index.js';
import { type MacdLines, macdLines } from './macd-lines.js';

/** Leading NaN bars of `macd` (periods are swapped when slow < fast, as TA-Lib). */
export function macdLookback(fastPeriod: number, slowPeriod: number, signalPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}

/**
 * Moving average convergence/divergence (Appel): EMA(fast) − EMA(slow), signal EMA, histogram.
 * TA-Lib conventions (SMA-seeded EMAs, fast EMA aligned to the slow seed). Leading NaNs are skipped.
 */
export function macd(values: Float64Array, fastPeriod = 12, slowPeriod = 26, signalPeriod = 9): MacdLines {
  const fast = Math.min(fastPeriod, slowPeriod);
  const slow = Math.max(fastPeriod, slowPeriod);
  return macdLines(values, firstFinite(values), fast, slow, signalPeriod);
}
