import { fillNaN } from '../../core/index.js';
import { latestMaxIndex, latestMinIndex } from '../../core/rolling-extrema.js';

/** Leading NaN bars of `aroon` (TA-Lib: period; the window spans period + 1 bars). */
export function aroonLookback(period: number): number {
  return period;
}

/**
 * Aroon (Chande), TA-Lib `TA_AROON`: 100·(period − bars since the highest high)/period and the same
 * for the lowest low, over a window of period + 1 bars; ties go to the most recent bar. One pass:
 * each extreme's index is kept and the window rescanned only when it drops out (as TA-Lib).
 * NaN while a NaN high or low is in the window.
 */
export function aroon(
  high: Float64Array,
  low: Float64Array,
  period = 14,
): { aroondown: Float64Array; aroonup: Float64Array } {
  const n = high.length;
  const aroonup = new Float64Array(n);
  const aroondown = new Float64Array(n);
  fillNaN(aroonup, 0, Math.min(period, n));
  fillNaN(aroondown, 0, Math.min(period, n));
  const factor = 100 / period;
  let hiIdx = -1;
  let loIdx = -1;
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  // NaN bookkeeping out of the loop: the tracked extremes never depend on it, so the loop only notes
  // a bar whose high + low is NaN and those windows are overwritten afterwards (same outputs).
  let sawNaN = false;
  for (let j = 0; j < Math.min(period, n); j++) if (Number.isNaN(high[j]! + low[j]!)) sawNaN = true;
  for (let i = period; i < n; i++) {
    const trailing = i - period;
    const h = high[i]!;
    const l = low[i]!;
    if (Number.isNaN(h + l)) sawNaN = true;
    if (hiIdx < trailing) {
      hiIdx = latestMaxIndex(high, trailing, i);
      hh = high[hiIdx]!;
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      loIdx = latestMinIndex(low, trailing, i);
      ll = low[loIdx]!;
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
    }
    aroonup[i] = factor * (period - (i - hiIdx));
    aroondown[i] = factor * (period - (i - loIdx));
  }
  if (sawNaN) maskNaNBars(high, low, period, aroonup, aroondown);
  return { aroondown, aroonup };
}

/** NaN into both outputs from bar `period` on wherever the window of period + 1 bars holds a NaN high + low. */
function maskNaNBars(
  high: Float64Array,
  low: Float64Array,
  period: number,
  up: Float64Array,
  down: Float64Array,
): void {
  const n = high.length;
  let filled = period; // outputs before `filled` are done
  for (let j = 0; j < n; j++) {
    if (!Number.isNaN(high[j]! + low[j]!)) continue;
    const end = Math.min(j + period + 1, n);
    for (let k = Math.max(j, filled); k < end; k++) {
      up[k] = Number.NaN;
      down[k] = Number.NaN;
    }
    if (end > filled) filled = end;
  }
}
