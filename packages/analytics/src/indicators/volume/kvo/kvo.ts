import { emaInto, nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `kvo`: slow + signal (volume force starts at bar 2). */
export function kvoLookback(fastPeriod: number, slowPeriod: number, signalPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) + signalPeriod;
}

/**
 * Klinger volume force per bar (from bar 2): trend t = ±1 by the change of H+L+C; cumulative measurement
 * cm grows by the daily range dm = H − L while the trend holds and restarts at the last two ranges
 * on a change; VF = volume × |2 (dm / cm − 1)| × t × 100, with Stock.Indicators' guards (0 when dm = cm
 * or volume is 0; 200 × volume × t when dm = 0).
 */
function klingerVolumeForce(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
): Float64Array {
  const n = requireSameLength(high, low, close, volume);
  const vf = nanArray(n);
  let prevTrend = 0;
  let cm = 0;
  let prevVf = 0;
  for (let i = 1; i < n; i++) {
    const trend = high[i] + low[i] + close[i] > high[i - 1] + low[i - 1] + close[i - 1] ? 1 : -1;
    const dm = high[i] - low[i];
    if (i >= 2) {
      cm = trend === prevTrend ? cm + dm : high[i - 1] - low[i - 1] + dm;
      const v = volume[i];
      let f: number;
      if (dm === cm || v === 0) f = 0;
      else if (dm === 0) f = v * 2 * trend * 100;
      else if (cm !== 0) f = v * Math.abs(2 * (dm / cm - 1)) * trend * 100;
      else f = prevVf;
      vf[i] = f;
      prevVf = f;
    }
    prevTrend = trend;
  }
  return vf;
}

/**
 * Klinger volume oscillator (Stock.Indicators `ToKvo`): EMA(fast) − EMA(slow) of the volume force, both
 * SMA-seeded from bar 2; signal = EMA(signal) of the oscillator.
 */
export function kvo(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  fastPeriod = 34,
  slowPeriod = 55,
  signalPeriod = 13,
): { kvo: Float64Array; signal: Float64Array } {
  requireInt('fastPeriod', fastPeriod, 1, 100000);
  requireInt('slowPeriod', slowPeriod, 1, 100000);
  requireInt('signalPeriod', signalPeriod, 1, 100000);
  const vf = klingerVolumeForce(high, low, close, volume);
  const n = vf.length;
  const fast = nanArray(n);
  const slow = nanArray(n);
  emaInto(vf, fastPeriod, fast, 2);
  emaInto(vf, slowPeriod, slow, 2);
  const osc = nanArray(n);
  const start = Math.max(fastPeriod, slowPeriod) + 1;
  for (let i = start; i < n; i++) osc[i] = fast[i] - slow[i];
  const signal = nanArray(n);
  emaInto(osc, signalPeriod, signal, start);
  osc.fill(Number.NaN, 0, Math.min(n, kvoLookback(fastPeriod, slowPeriod, signalPeriod)));
  return { kvo: osc, signal };
}
