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
 * Sums are recomputed from scratch every this many bars, bounding the drift of the running update (at 16
 * the worst case seen, period 2 on real prices, stays within 1.2e-11 of TA-Lib, relative with floor 1).
 */
const RESYNC = 16;

/**
 * Rolling least-squares line over the trailing `period` bars with TA-Lib's parametrisation (ta_LINEARREG*.c,
 * ta_TSF.c): x runs period−1 … 0 from the oldest bar. Σy and Σxy slide in O(1) per bar
 * (Σxy' = Σxy + Σy − period·y_out) and are recomputed exactly — in TA-Lib's operation order — on the
 * first window, every 16 bars and after a NaN has left the window, so results stay within ~1e-11 of
 * TA-Lib. A NaN in the window makes the output NaN.
 */
export function linearRegression(x: Float64Array, period: number, kind: LinregOutput): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const out = nanArray(n);
  const sumX = period * (period - 1) * 0.5;
  const sumXSqr = (period * (period - 1) * (2 * period - 1)) / 6;
  const divisor = sumX * sumX - period * sumXSqr;
  const toDeg = 180 / Math.PI;
  let lastNaN = -1;
  for (let i = 0; i < period - 1 && i < n; i++) if (Number.isNaN(x[i])) lastNaN = i;
  let sumXY = 0;
  let sumY = 0;
  let sinceExact = RESYNC;
  for (let today = period - 1; today < n; today++) {
    if (Number.isNaN(x[today])) lastNaN = today;
    if (lastNaN > today - period) {
      sinceExact = RESYNC;
      continue;
    }
    if (++sinceExact >= RESYNC) {
      sumXY = 0;
      sumY = 0;
      for (let i = period - 1; i >= 0; i--) {
        const v = x[today - i];
        sumY += v;
        sumXY += i * v;
      }
      sinceExact = 0;
    } else {
      const old = x[today - period];
      sumXY = sumXY + sumY - period * old;
      sumY = sumY + x[today] - old;
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
