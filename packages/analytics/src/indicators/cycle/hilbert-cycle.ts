import { HilbertFilter } from './hilbert-filter.js';

/** Per-bar state of TA-Lib's Hilbert-transform cycle machinery, from `loopStart` on (zeros before). */
export interface HilbertCycle {
  /** First bar processed by the main loop (3 + warm-up WMA bars). */
  readonly loopStart: number;
  /** 4-bar WMA of the input (TA-Lib `smoothedValue`). */
  readonly smooth: Float64Array;
  /** Smoothed dominant-cycle period (TA-Lib `smoothPeriod`). */
  readonly smoothPeriod: Float64Array;
  /** In-phase component I1 (HT_PHASOR `inphase`). */
  readonly inPhase: Float64Array;
  /** Quadrature component Q1 (HT_PHASOR `quadrature`). */
  readonly quadrature: Float64Array;
}

/**
 * Port of the loop shared by TA-Lib's ta_HT_*.c: a 4-bar WMA price smoother warmed up over
 * `warmupBars` bars, then the Hilbert transform (detrender, Q1, jI, jQ; odd/even bars by absolute
 * index), homodyne discriminator and period smoothing. HT_DCPERIOD and HT_PHASOR use 9 warm-up bars,
 * the other HT functions 34. The caller must pass at least 3 + warmupBars bars.
 */
export function hilbertCycle(x: Float64Array, warmupBars: number): HilbertCycle {
  const n = x.length;
  const smooth = new Float64Array(n);
  const smoothPeriod = new Float64Array(n);
  const inPhase = new Float64Array(n);
  const quadrature = new Float64Array(n);
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
  const detrender = new HilbertFilter();
  const q1 = new HilbertFilter();
  const jI = new HilbertFilter();
  const jQ = new HilbertFilter();
  let hilbertIdx = 0;
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
    smooth[today] = smoothed;
    let q2: number;
    let i2: number;
    if (today % 2 === 0) {
      const d = detrender.even(smoothed, hilbertIdx, adj);
      const q = q1.even(d, hilbertIdx, adj);
      quadrature[today] = q;
      inPhase[today] = Number.isNaN(smoothed) ? Number.NaN : i1EvenPrev3;
      const ji = jI.even(i1EvenPrev3, hilbertIdx, adj);
      const jq = jQ.even(q, hilbertIdx, adj);
      if (++hilbertIdx === 3) hilbertIdx = 0;
      q2 = 0.2 * (q + ji) + 0.8 * prevQ2;
      i2 = 0.2 * (i1EvenPrev3 - jq) + 0.8 * prevI2;
      i1OddPrev3 = i1OddPrev2;
      i1OddPrev2 = d;
    } else {
      const d = detrender.odd(smoothed, hilbertIdx, adj);
      const q = q1.odd(d, hilbertIdx, adj);
      quadrature[today] = q;
      inPhase[today] = Number.isNaN(smoothed) ? Number.NaN : i1OddPrev3;
      const ji = jI.odd(i1OddPrev3, hilbertIdx, adj);
      const jq = jQ.odd(q, hilbertIdx, adj);
      q2 = 0.2 * (q + ji) + 0.8 * prevQ2;
      i2 = 0.2 * (i1OddPrev3 - jq) + 0.8 * prevI2;
      i1EvenPrev3 = i1EvenPrev2;
      i1EvenPrev2 = d;
    }
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
    smoothPeriod[today] = sp;
  }
  return { loopStart, smooth, smoothPeriod, inPhase, quadrature };
}
