import { FIR_STATE, firStep } from '../../core/hilbert-fir.js';
import { fillNaN, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `mama` (TA-Lib: 32, independent of the limits). */
export const MAMA_LOOKBACK = 32;

const RAD2DEG = 180 / (4 * Math.atan(1));

/**
 * MESA adaptive moving average kernel (Ehlers), a line-by-line port of TA-Lib `TA_MAMA`: 4-bar WMA
 * smoothing, Hilbert transform, homodyne period, phase rate → alpha in [slowLimit, fastLimit].
 * Odd/even bar handling uses the absolute bar index, as TA-Lib does on a whole series.
 *
 * One loop with the filter state in one small typed array (the parity selects the half, so there is
 * no even/odd branch around the filters) and no filter instances or closures: a per-call object's
 * hidden class can be collected by a GC, and that discards the optimised code of the loop.
 */
export function mamaInto(
  src: Float64Array,
  fastLimit: number,
  slowLimit: number,
  outMama: Float64Array,
  outFama: Float64Array,
  start = 0,
): number {
  const n = src.length;
  const first = start + MAMA_LOOKBACK;
  fillNaN(outMama, 0, Math.min(first, n));
  fillNaN(outFama, 0, Math.min(first, n));
  if (first >= n) return n;
  let trailingIdx = start;
  let today = start;
  let sub = src[today]!;
  let sum = src[today++]!;
  sub += src[today]!;
  sum += src[today++]! * 2;
  sub += src[today]!;
  sum += src[today++]! * 3;
  let trailingValue = 0;
  for (let k = 0; k < 9; k++) {
    const x = src[today++]!;
    sub += x - trailingValue;
    sum += x * 4;
    trailingValue = src[trailingIdx++]!;
    sum -= sub;
  }
  // Filter state: detrender, Q1, jI, jQ for even bars, then the same four for odd bars (FIR_STATE each).
  const fir = new Float64Array(8 * FIR_STATE);
  let period = 0;
  let prevI2 = 0;
  let prevQ2 = 0;
  let re = 0;
  let im = 0;
  let mama = 0;
  let fama = 0;
  let i1OddPrev3 = 0;
  let i1EvenPrev3 = 0;
  let i1OddPrev2 = 0;
  let i1EvenPrev2 = 0;
  let prevPhase = 0;
  for (; today < n; today++) {
    const adj = 0.075 * period + 0.54;
    const x = src[today]!;
    sub += x - trailingValue;
    sum += x * 4;
    trailingValue = src[trailingIdx++]!;
    const smoothed = sum * 0.1;
    sum -= sub;
    const odd = today & 1;
    const i1 = odd === 0 ? i1EvenPrev3 : i1OddPrev3;
    const s = odd * 4 * FIR_STATE;
    const detrender = firStep(fir, s, smoothed, adj);
    const q1 = firStep(fir, s + FIR_STATE, detrender, adj);
    const jI = firStep(fir, s + 2 * FIR_STATE, i1, adj);
    const jQ = firStep(fir, s + 3 * FIR_STATE, q1, adj);
    if (odd === 0) {
      i1OddPrev3 = i1OddPrev2;
      i1OddPrev2 = detrender;
    } else {
      i1EvenPrev3 = i1EvenPrev2;
      i1EvenPrev2 = detrender;
    }
    const q2 = 0.2 * (q1 + jI) + 0.8 * prevQ2;
    const i2 = 0.2 * (i1 - jQ) + 0.8 * prevI2;
    const phase = i1 !== 0 ? Math.atan(q1 / i1) * RAD2DEG : 0;
    let delta = prevPhase - phase;
    prevPhase = phase;
    if (delta < 1) delta = 1;
    let alpha: number;
    if (delta > 1) {
      alpha = fastLimit / delta;
      if (alpha < slowLimit) alpha = slowLimit;
    } else alpha = fastLimit;
    mama = alpha * x + (1 - alpha) * mama;
    alpha *= 0.5;
    fama = alpha * mama + (1 - alpha) * fama;
    if (today >= first) {
      outMama[today] = mama;
      outFama[today] = fama;
    }
    re = 0.2 * (i2 * prevI2 + q2 * prevQ2) + 0.8 * re;
    im = 0.2 * (i2 * prevQ2 - q2 * prevI2) + 0.8 * im;
    prevQ2 = q2;
    prevI2 = i2;
    const prevPeriod = period;
    if (im !== 0 && re !== 0) period = 360 / (Math.atan(im / re) * RAD2DEG);
    if (period > 1.5 * prevPeriod) period = 1.5 * prevPeriod;
    if (period < 0.67 * prevPeriod) period = 0.67 * prevPeriod;
    if (period < 6) period = 6;
    else if (period > 50) period = 50;
    period = 0.2 * period + 0.8 * prevPeriod;
  }
  return first;
}

/** MESA adaptive moving average and its following average (FAMA). Leading NaNs are skipped. */
export function mama(
  values: Float64Array,
  fastLimit = 0.5,
  slowLimit = 0.05,
): { mama: Float64Array; fama: Float64Array } {
  const m = nanArray(values.length);
  const f = nanArray(values.length);
  mamaInto(values, fastLimit, slowLimit, m, f, firstFinite(values));
  return { mama: m, fama: f };
}
