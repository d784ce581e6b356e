import { nanArray, rollingMaxIndexInto, rollingMinIndexInto } from '../../core/index.js';

/** Leading NaN bars of `aroon` (TA-Lib: period; the window spans period + 1 bars). */
export function aroonLookback(period: number): number {
  return period;
}

/**
 * Aroon (Chande), TA-Lib `TA_AROON`: 100·(period − bars since the highest high)/period and the same
 * for the lowest low, over a window of period + 1 bars; ties go to the most recent bar.
 */
export function aroon(
  high: Float64Array,
  low: Float64Array,
  period = 14,
): { aroondown: Float64Array; aroonup: Float64Array } {
  const n = high.length;
  const aroonup = nanArray(n);
  const aroondown = nanArray(n);
  const first = rollingMaxIndexInto(high, period + 1, aroonup);
  rollingMinIndexInto(low, period + 1, aroondown);
  const factor = 100 / period;
  for (let i = first; i < n; i++) {
    aroonup[i] = factor * (period - (i - aroonup[i]!));
    aroondown[i] = factor * (period - (i - aroondown[i]!));
  }
  return { aroondown, aroonup };
}
