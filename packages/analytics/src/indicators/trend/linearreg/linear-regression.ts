import { nanArray } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/**
 * What the rolling least-squares fit reports at each bar: `value` — fitted value at the last bar of
 * the window (`LINEARREG`); `slope` — per bar (`LINEARREG_SLOPE`); `angle` — atan(slope) in degrees
 * (`LINEARREG_ANGLE`); `intercept` — fitted value at the oldest bar (`LINEARREG_INTERCEPT`);
 * `forecast` — fitted value one bar past the window (`TSF`).
 */
export type LinregOutput = 'value' | 'slope' | 'angle' | 'intercept' | 'forecast';

/** Lookback of the linear-regression family: period - 1. */
export function linregLookback(period: number): number {
  return period - 1;
}

/**
 * Rolling least-squares line over the trailing `period` bars, port of TA-Lib's ta_LINEARREG*.c / ta_TSF.c:
 * x runs period-1 … 0 from the oldest bar, sums are recomputed per window exactly as TA-Lib does (same
 * operation order, so results agree to the last bit).
 */
export function linearRegression(x: Float64Array, period: number, kind: LinregOutput): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const out = nanArray(n);
  const sumX = period * (period - 1) * 0.5;
  const sumXSqr = (period * (period - 1) * (2 * period - 1)) / 6;
  const divisor = sumX * sumX - period * sumXSqr;
  const toDeg = 180 / Math.PI;
  for (let today = period - 1; today < n; today++) {
    let sumXY = 0;
    let sumY = 0;
    for (let i = period - 1; i >= 0; i--) {
      const v = x[today - i];
      sumY += v;
      sumXY += i * v;
    }
    const m = (period * sumXY - sumX * sumY) / divisor;
    switch (kind) {
      case 'slope':
        out[today] = m;
        break;
      case 'angle':
        out[today] = Math.atan(m) * toDeg;
        break;
      case 'intercept':
        out[today] = (sumY - m * sumX) / period;
        break;
      case 'forecast':
        out[today] = (sumY - m * sumX) / period + m * period;
        break;
      default:
        out[today] = (sumY - m * sumX) / period + m * (period - 1);
    }
  }
  return out;
}
