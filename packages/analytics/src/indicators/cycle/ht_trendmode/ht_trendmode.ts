import { nanArray } from '../../core/index.js';
import { dominantCyclePhase } from '../dominant-cycle-phase.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';
import { instantaneousTrendlineInto } from '../instantaneous-trendline.js';

/** Lookback of `ht_trendmode`: 63 (TA-Lib, unstable period 0). */
export function htTrendmodeLookback(): number {
  return 63;
}

/**
 * Hilbert transform trend vs cycle mode (TA-Lib `HT_TRENDMODE`, port of ta_HT_TRENDMODE.c): 1 in a
 * trend, 0 in a cycle. Cycle when the sine crosses its lead sine, for half a period after such a
 * crossing, and while the phase advances at the cycle rate; trend whenever the smoothed price is
 * ≥ 1.5% away from the instantaneous trendline.
 */
export function htTrendmode(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htTrendmodeLookback();
  const out = nanArray(n);
  if (n <= lookback) return out;
  const smooth = new Float64Array(n);
  const smoothPeriod = new Float64Array(n);
  const loopStart = hilbertCycleInto(x, 34, smooth, smoothPeriod, null, null);
  const phase = dominantCyclePhase(smooth, smoothPeriod, loopStart);
  const trendline = new Float64Array(n);
  instantaneousTrendlineInto(x, smoothPeriod, loopStart, trendline);
  const deg2Rad = 1 / (45 / Math.atan(1));
  let sine = 0;
  let leadSine = 0;
  let prevPhase = 0;
  let daysInTrend = 0;
  for (let today = loopStart; today < n; today++) {
    const sp = smoothPeriod[today];
    const dcPhase = phase[today];
    const prevSine = sine;
    const prevLeadSine = leadSine;
    sine = Math.sin(dcPhase * deg2Rad);
    leadSine = Math.sin((dcPhase + 45) * deg2Rad);
    let trend = 1;
    if ((sine > leadSine && prevSine <= prevLeadSine) || (sine < leadSine && prevSine >= prevLeadSine)) {
      daysInTrend = 0;
      trend = 0;
    }
    daysInTrend++;
    if (daysInTrend < 0.5 * sp) trend = 0;
    const dPhase = dcPhase - prevPhase;
    prevPhase = dcPhase;
    if (sp !== 0 && dPhase > (0.67 * 360) / sp && dPhase < (1.5 * 360) / sp) trend = 0;
    const tl = trendline[today];
    if (tl !== 0 && Math.abs((smooth[today] - tl) / tl) >= 0.015) trend = 1;
    if (today >= lookback) out[today] = Number.isNaN(dcPhase) || Number.isNaN(tl) ? Number.NaN : trend;
  }
  return out;
}
