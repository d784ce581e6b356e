import type { HilbertCycle } from './hilbert-cycle.js';

/**
 * Dominant-cycle phase in degrees per bar from `h.loopStart` on (port of the DCPhase block of TA-Lib's
 * ta_HT_DCPHASE.c / ta_HT_SINE.c / ta_HT_TRENDMODE.c): a one-cycle DFT of the smoothed price over
 * the last int(smoothPeriod + 0.5) bars (bars before the main loop count as 0, as in TA-Lib's zeroed
 * circular buffer). Entries before loopStart are 0.
 */
export function dominantCyclePhase(h: HilbertCycle): Float64Array {
  const { smooth, smoothPeriod, loopStart } = h;
  const n = smooth.length;
  const out = new Float64Array(n);
  const quarter = Math.atan(1);
  const rad2Deg = 45 / quarter;
  const twoPi = quarter * 8;
  let phase = 0;
  for (let today = loopStart; today < n; today++) {
    const sp = smoothPeriod[today];
    const len = Math.trunc(sp + 0.5);
    let realPart = 0;
    let imagPart = 0;
    for (let i = 0; i < len; i++) {
      const j = today - i;
      const v = j >= 0 ? smooth[j] : 0;
      const angle = (i * twoPi) / len;
      realPart += Math.sin(angle) * v;
      imagPart += Math.cos(angle) * v;
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
