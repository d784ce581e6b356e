import { fillNaN } from '../../core/index.js';

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
  let lastNaN = -1;
  for (let j = 0; j < Math.min(period, n); j++) if (Number.isNaN(high[j]! + low[j]!)) lastNaN = j;
  for (let i = period; i < n; i++) {
    const trailing = i - period;
    const h = high[i]!;
    const l = low[i]!;
    if (Number.isNaN(h + l)) lastNaN = i;
    if (hiIdx < trailing) {
      hh = Number.NEGATIVE_INFINITY;
      hiIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = high[j]!;
        if (v >= hh) {
          hh = v;
          hiIdx = j;
        }
      }
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      ll = Number.POSITIVE_INFINITY;
      loIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = low[j]!;
        if (v <= ll) {
          ll = v;
          loIdx = j;
        }
      }
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
    }
    if (lastNaN >= trailing) {
      aroonup[i] = Number.NaN;
      aroondown[i] = Number.NaN;
    } else {
      aroonup[i] = factor * (period - (i - hiIdx));
      aroondown[i] = factor * (period - (i - loIdx));
    }
  }
  return { aroondown, aroonup };
}
