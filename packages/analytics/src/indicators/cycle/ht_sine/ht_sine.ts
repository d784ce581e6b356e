import { nanArray } from '../../core/index.js';
import { dominantCyclePhase } from '../dominant-cycle-phase.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';

/** Lookback of `ht_sine`: 63 (TA-Lib, unstable period 0). */
export function htSineLookback(): number {
  return 63;
}

/**
 * Hilbert transform sine wave (TA-Lib `HT_SINE`, port of ta_HT_SINE.c): sin(DC phase) and
 * sin(DC phase + 45°).
 */
export function htSine(x: Float64Array): { sine: Float64Array; leadsine: Float64Array } {
  const n = x.length;
  const lookback = htSineLookback();
  const sine = nanArray(n);
  const leadsine = nanArray(n);
  if (n <= lookback) return { sine, leadsine };
  const smooth = new Float64Array(n);
  const smoothPeriod = new Float64Array(n);
  const loopStart = hilbertCycleInto(x, 34, smooth, smoothPeriod, null, null);
  const phase = dominantCyclePhase(smooth, smoothPeriod, loopStart);
  const deg2Rad = 1 / (45 / Math.atan(1));
  for (let i = lookback; i < n; i++) {
    sine[i] = Math.sin(phase[i] * deg2Rad);
    leadsine[i] = Math.sin((phase[i] + 45) * deg2Rad);
  }
  return { sine, leadsine };
}
