import { FIR_STATE, firStep } from '../core/hilbert-fir.js';

/**
 * Port of the loop shared by TA-Lib's ta_HT_*.c: a 4-bar WMA price smoother warmed up over
 * `warmupBars` bars, then the Hilbert transform (detrender, Q1, jI, jQ; odd/even bars by absolute
 * index), homodyne discriminator and period smoothing. HT_DCPERIOD and HT_PHASOR use 9 warm-up bars,
 * the other HT functions 34. Writes the series it is given (null = not wanted) from `loopStart` on
 * and returns `loopStart`: `smooth`, the 4-bar WMA of the input (TA-Lib `smoothedValue`);
 * `smoothPeriod`, the smoothed dominant-cycle period; `inPhase` and `quadrature`, the phasor
 * components I1 and Q1 (HT_PHASOR; I1 is NaN where the smoothed price is NaN). The caller must pass
 * at least 3 + warmupBars bars.
 *
 * One loop, as TA-Lib's C, with the outputs written directly and the filter state in one small
 * typed array (the parity selects the half, so there is no even/odd branch around the filters).
 * Plain array arguments, no options object or filter instances: a per-call object's hidden class can
 * be collected by a GC, and that discards the optimised code of the loop.
 */
export function hilbertCycleInto(
  x: Float64Array,
  warmupBars: number,
  smoothOut: Float64Array | null,
  periodOut: Float64Array | null,
  inPhaseOut: Float64Array | null,
  quadratureOut: Float64Array | null,
): number {
  const n = x.length;
  const rad2Deg = 45 / Math.atan(1);
  let trailingWMAIdx = 0;
  let today = 0;
  let wmaSub = x[today];
  let wmaSum = x[today++];
  wmaSub += x[today];
  wmaSum += x[today++] * 2;
  wmaSub += x[today];
  wmaSum += x[today++] * 3;
  let trailingWMAValue = 0;
  for (let i = 0; i < warmupBars; i++) {
    const p = x[today++];
    wmaSub += p;
    wmaSub -= trailingWMAValue;
    wmaSum += p * 4;
    trailingWMAValue = x[trailingWMAIdx++];
    wmaSum -= wmaSub;
  }
  const loopStart = today;
  // Filter state: detrender, Q1, jI, jQ for even bars, then the same four for odd bars (FIR_STATE each).
  const fir = new Float64Array(8 * FIR_STATE);
  let period = 0;
  let prevI2 = 0;
  let prevQ2 = 0;
  let re = 0;
  let im = 0;
  let i1OddPrev3 = 0;
  let i1EvenPrev3 = 0;
  let i1OddPrev2 = 0;
  let i1EvenPrev2 = 0;
  let sp = 0;
  for (; today < n; today++) {
    const adj = 0.075 * period + 0.54;
    const p = x[today];
    wmaSub += p;
    wmaSub -= trailingWMAValue;
    wmaSum += p * 4;
    trailingWMAValue = x[trailingWMAIdx++];
    const smoothed = wmaSum * 0.1;
    wmaSum -= wmaSub;
    const odd = today & 1;
    const i1 = odd === 0 ? i1EvenPrev3 : i1OddPrev3;
    const s = odd * 4 * FIR_STATE;
    const d = firStep(fir, s, smoothed, adj);
    const q = firStep(fir, s + FIR_STATE, d, adj);
    const ji = firStep(fir, s + 2 * FIR_STATE, i1, adj);
    const jq = firStep(fir, s + 3 * FIR_STATE, q, adj);
    if (odd === 0) {
      i1OddPrev3 = i1OddPrev2;
      i1OddPrev2 = d;
    } else {
      i1EvenPrev3 = i1EvenPrev2;
      i1EvenPrev2 = d;
    }
    const q2 = 0.2 * (q + ji) + 0.8 * prevQ2;
    const i2 = 0.2 * (i1 - jq) + 0.8 * prevI2;
    re = 0.2 * (i2 * prevI2 + q2 * prevQ2) + 0.8 * re;
    im = 0.2 * (i2 * prevQ2 - q2 * prevI2) + 0.8 * im;
    prevQ2 = q2;
    prevI2 = i2;
    const prevPeriod = period;
    if (im !== 0 && re !== 0) period = 360 / (Math.atan(im / re) * rad2Deg);
    if (period > 1.5 * prevPeriod) period = 1.5 * prevPeriod;
    if (period < 0.67 * prevPeriod) period = 0.67 * prevPeriod;
    if (period < 6) period = 6;
    else if (period > 50) period = 50;
    period = 0.2 * period + 0.8 * prevPeriod;
    sp = 0.33 * period + 0.67 * sp;
    if (smoothOut !== null) smoothOut[today] = smoothed;
    if (periodOut !== null) periodOut[today] = sp;
    if (quadratureOut !== null) quadratureOut[today] = q;
    if (inPhaseOut !== null) inPhaseOut[today] = Number.isNaN(smoothed) ? Number.NaN : i1;
  }
  return loopStart;
}
