/** Longest DFT window: smoothPeriod is clamped to ≤ 50, so int(smoothPeriod + 0.5) ≤ 50. */
const MAX_LEN = 50;
const TWO_PI = Math.atan(1) * 8;

/**
 * sin/cos of (i · 2π) / len for 1 ≤ len ≤ 50, i < len, evaluated exactly as TA-Lib's loop does (same
 * expression, so the same doubles); row `len` starts at len · MAX_LEN. Immutable after module load.
 */
const SIN = new Float64Array((MAX_LEN + 1) * MAX_LEN);
const COS = new Float64Array((MAX_LEN + 1) * MAX_LEN);
for (let len = 1; len <= MAX_LEN; len++) {
  for (let i = 0; i < len; i++) {
    const angle = (i * TWO_PI) / len;
    SIN[len * MAX_LEN + i] = Math.sin(angle);
    COS[len * MAX_LEN + i] = Math.cos(angle);
  }
}

/**
 * Dominant-cycle phase in degrees per bar from `loopStart` on (port of the DCPhase block of TA-Lib's
 * ta_HT_DCPHASE.c / ta_HT_SINE.c / ta_HT_TRENDMODE.c): a one-cycle DFT of the smoothed price over
 * the last int(smoothPeriod + 0.5) bars (bars before the main loop count as 0, as in TA-Lib's zeroed
 * circular buffer). Entries before loopStart are 0.
 */
export function dominantCyclePhase(
  smooth: Float64Array,
  smoothPeriod: Float64Array,
  loopStart: number,
): Float64Array {
  const n = smooth.length;
  const out = new Float64Array(n);
  const rad2Deg = 45 / Math.atan(1);
  let phase = 0;
  for (let today = loopStart; today < n; today++) {
    const sp = smoothPeriod[today];
    const len = Math.trunc(sp + 0.5);
    let realPart = 0;
    let imagPart = 0;
    if (len <= MAX_LEN) {
      const row = len * MAX_LEN;
      for (let i = 0; i < len; i++) {
        const j = today - i;
        const v = j >= 0 ? smooth[j] : 0;
        realPart += SIN[row + i] * v;
        imagPart += COS[row + i] * v;
      }
    }
    const absImag = Math.abs(imagPart);
    if (absImag > 0) phase = Math.atan(realPart / imagPart) * rad2Deg;
    else if (absImag <= 0.01) {
      if (realPart < 0) phase -= 90;
      else if (realPart > 0) phase += 90;
    }
    phase += 90;
    phase += 360 / sp;
    if (imagPart < 0) phase += 180;
    if (phase > 315) phase -= 360;
    out[today] = phase;
  }
  return out;
}
