import { fillNaN, nanArray, rollingVarianceInto } from '../../core/index.js';
import { requireInt, requireReal } from '../../math/guards.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';

/**
 * Lookback of `bbands`: that of the middle-band moving average, or period − 1 (the deviation window)
 * when that is longer — TA-Lib reports only the MA's, which for MAMA (32) is short of a 34+ window.
 */
export function bbandsLookback(period: number, maType: MaType = 'sma'): number {
  return Math.max(maLookback(period, maType), period - 1);
}

export type BollingerBands = {
  readonly upper: Float64Array;
  readonly middle: Float64Array;
  readonly lower: Float64Array;
};

const EPSILON = 1e-14;

/**
 * Bollinger Bands (TA-Lib `BBANDS`): middle = moving average of `maType`; bands = middle ± nbdev ×
 * population standard deviation of the last `period` values (running sums, E[x²] − E[x]², the same
 * operations as TA-Lib's precalculated-MA path). As in TA-Lib the deviation is taken around the SMA
 * whatever the middle band's type, and variances below 1e-14 count as 0.
 */
export function bbands(
  x: Float64Array,
  period = 5,
  nbDevUp = 2,
  nbDevDn = 2,
  maType: MaType = 'sma',
): BollingerBands {
  requireInt('period', period, 2, 100000);
  requireReal('nbDevUp', nbDevUp, -3e37, 3e37);
  requireReal('nbDevDn', nbDevDn, -3e37, 3e37);
  if (maType === 'sma') {
    const fused = bbandsSmaFused(x, period, nbDevUp, nbDevDn);
    if (fused !== undefined) return fused;
  }
  const n = x.length;
  const middle = nanArray(n);
  const upper = new Float64Array(n); // written below from `first` on
  const lower = new Float64Array(n);
  movingAverageInto(x, period, maType, middle);
  const first = bbandsLookback(period, maType);
  middle.fill(Number.NaN, 0, Math.min(first, n));
  upper.fill(Number.NaN, 0, Math.min(first, n));
  lower.fill(Number.NaN, 0, Math.min(first, n));
  const variance = new Float64Array(n); // the kernel writes every bar (NaN warm-up included)
  rollingVarianceInto(x, period, variance);
  for (let i = first; i < n; i++) {
    const v = variance[i];
    const sd = v < EPSILON ? 0 : Math.sqrt(v);
    upper[i] = middle[i] + sd * nbDevUp;
    lower[i] = middle[i] - sd * nbDevDn;
  }
  return { upper, middle, lower };
}

/**
 * SMA middle band in one pass: the SMA's running sum and the variance's running sum are the same
 * operations (`smaInto` / `rollingVarianceInto` NaN-free paths), so one sum serves both and the bands
 * are written directly, with the same results. NaN is absorbing in the sums: a NaN sum at the end (or
 * too short an input) returns undefined and the caller runs the composed kernels instead.
 */
function bbandsSmaFused(
  x: Float64Array,
  period: number,
  nbDevUp: number,
  nbDevDn: number,
): BollingerBands | undefined {
  const n = x.length;
  const first = period - 1;
  if (first >= n) return undefined;
  const middle = new Float64Array(n);
  const upper = new Float64Array(n);
  const lower = new Float64Array(n);
  fillNaN(middle, 0, first);
  fillNaN(upper, 0, first);
  fillNaN(lower, 0, first);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < first; i++) {
    const v = x[i]!;
    sum += v;
    sumSq += v * v;
  }
  for (let i = first, t = 0; i < n; i++, t++) {
    const v = x[i]!;
    sum += v;
    sumSq += v * v;
    const mean = sum / period;
    const variance = sumSq / period - mean * mean;
    const sd = variance < EPSILON ? 0 : Math.sqrt(variance);
    middle[i] = mean;
    upper[i] = mean + sd * nbDevUp;
    lower[i] = mean - sd * nbDevDn;
    const w = x[t]!;
    sum -= w;
    sumSq -= w * w;
  }
  if (Number.isNaN(sum) || Number.isNaN(sumSq)) return undefined;
  return { upper, middle, lower };
}
