import { firstFinite } from '../../core/index.js';
import { type MacdLines, macdLines } from '../macd/macd-lines.js';

/** Leading NaN bars of `macdfix`: 25 + signal − 1. */
export function macdfixLookback(signalPeriod: number): number {
  return 26 - 1 + signalPeriod - 1;
}

/** MACD 12/26 with TA-Lib's fixed smoothing factors 0.15 and 0.075 (`TA_MACDFIX`). */
export function macdfix(values: Float64Array, signalPeriod = 9): MacdLines {
  return macdLines(values, firstFinite(values), 12, 26, signalPeriod, 0.15, 0.075);
}
