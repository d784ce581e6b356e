import { fillNaN, firstFinite, nanArray } from '../../core/index.js';

/** Leading NaN bars of `mama` (TA-Lib: 32, independent of the limits). */
export const MAMA_LOOKBACK = 32;

const A = 0.0962;
const B = 0.5769;
const RAD2DEG = 180 / (4 * Math.atan(1));

/** One Hilbert-transform FIR stage with separate odd/even histories, as TA-Lib's DO_HILBERT macros. */
class HilbertStage {
  private readonly odd = new Float64Array(3);
  private readonly even = new Float64Array(3);
  private prevOdd = 0;
  private prevEven = 0;
  private prevInputOdd = 0;
  private prevInputEven = 0;

  step(input: number, even: boolean, idx: number, adjustedPrevPeriod: number): number {
    const t = A * input;
    let v: number;
    if (even) {
      v = -this.even[idx]!;
      this.even[idx] = t;
      v += t - this.prevEven;
      this.prevEven = B * this.prevInputEven;
      v += this.prevEven;
      this.prevInputEven = input;
    } else {
      v = -this.odd[idx]!;
      this.odd[idx] = t;
      v += t - this.prevOdd;
      this.prevOdd = B * this.prevInputOdd;
      v += this.prevOdd;
      this.prevInputOdd = input;
    }
    return v * adjustedPrevPeriod;
  }
}

/**
 * MESA adaptive moving average kernel (Ehlers), a line-by-line port of TA-Lib `TA_MAMA`: 4-bar WMA
 * smoothing, Hilbert transform, homodyne period, phase rate → alpha in [slowLimit, fastLimit].
 * Odd/even bar handling uses the absolute bar index, as TA-Lib does on a whole series.
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
  let smoothed = 0;
  const wmaStep = (x: number): number => {
    sub += x - trailingValue;
    sum += x * 4;
    trailingValue = src[trailingIdx++]!;
    const s = sum * 0.1;
    sum -= sub;
    return s;
  };
  for (let k = 0; k < 9; k++) smoothed = wmaStep(src[today++]!);
  const detrenderH = new HilbertStage();
  const q1H = new HilbertStage();
  const jIH = new HilbertStage();
  const jQH = new HilbertStage();
  let hilbertIdx = 0;
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
    smoothed = wmaStep(x);
    const even = today % 2 === 0;
    const detrender = detrenderH.step(smoothed, even, hilbertIdx, adj);
    const q1 = q1H.step(detrender, even, hilbertIdx, adj);
    let q2: number;
    let i2: number;
    let phase: number;
    if (even) {
      const jI = jIH.step(i1EvenPrev3, true, hilbertIdx, adj);
      const jQ = jQH.step(q1, true, hilbertIdx, adj);
      if (++hilbertIdx === 3) hilbertIdx = 0;
      q2 = 0.2 * (q1 + jI) + 0.8 * prevQ2;
      i2 = 0.2 * (i1EvenPrev3 - jQ) + 0.8 * prevI2;
      i1OddPrev3 = i1OddPrev2;
      i1OddPrev2 = detrender;
      phase = i1EvenPrev3 !== 0 ? Math.atan(q1 / i1EvenPrev3) * RAD2DEG : 0;
    } else {
      const jI = jIH.step(i1OddPrev3, false, hilbertIdx, adj);
      const jQ = jQH.step(q1, false, hilbertIdx, adj);
      q2 = 0.2 * (q1 + jI) + 0.8 * prevQ2;
      i2 = 0.2 * (i1OddPrev3 - jQ) + 0.8 * prevI2;
      i1EvenPrev3 = i1EvenPrev2;
      i1EvenPrev2 = detrender;
      phase = i1OddPrev3 !== 0 ? Math.atan(q1 / i1OddPrev3) * RAD2DEG : 0;
    }
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
