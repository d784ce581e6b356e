import { fillNaN } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `pvo`: max(fast, slow) − 1 + signal − 1. */
export function pvoLookback(fastPeriod: number, slowPeriod: number, signalPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}

/**
 * Percentage volume oscillator (Stock.Indicators `ToPvo`): 100 × (EMA(fast) − EMA(slow)) / EMA(slow) of
 * volume, SMA-seeded EMAs; signal = EMA(signal) of it, seeded from the first pvo value; histogram =
 * pvo − signal. One pass with the three EMA recursions fused (same operations as core `emaInto`).
 */
export function pvo(
  volume: Float64Array,
  fastPeriod = 12,
  slowPeriod = 26,
  signalPeriod = 9,
): { pvo: Float64Array; signal: Float64Array; histogram: Float64Array } {
  requireInt('fastPeriod', fastPeriod, 1, 100000);
  requireInt('slowPeriod', slowPeriod, 1, 100000);
  requireInt('signalPeriod', signalPeriod, 1, 100000);
  const n = volume.length;
  const line = new Float64Array(n);
  const signal = new Float64Array(n);
  const histogram = new Float64Array(n);
  const kf = 2 / (fastPeriod + 1);
  const ks = 2 / (slowPeriod + 1);
  const kg = 2 / (signalPeriod + 1);
  const start = Math.max(fastPeriod, slowPeriod) - 1;
  const lb = start + signalPeriod - 1;
  // Every bar from lb on is written below; only the warm-up is NaN.
  fillNaN(line, 0, Math.min(lb, n));
  fillNaN(signal, 0, Math.min(lb, n));
  fillNaN(histogram, 0, Math.min(lb, n));
  let fast = 0;
  let slow = 0;
  let sig = 0;
  // Warm-up and seeding bars take the general loop; from `steady` on every average is in its
  // recursive phase and the same arithmetic runs without the per-bar phase tests.
  const steady = Math.min(n, Math.max(lb + 1, fastPeriod, slowPeriod));
  for (let i = 0; i < steady; i++) {
    const v = volume[i];
    if (i < fastPeriod) {
      fast += v;
      if (i === fastPeriod - 1) fast /= fastPeriod;
    } else fast = (v - fast) * kf + fast;
    if (i < slowPeriod) {
      slow += v;
      if (i === slowPeriod - 1) slow /= slowPeriod;
    } else slow = (v - slow) * ks + slow;
    if (i < start) continue;
    const p = slow === 0 ? Number.NaN : (100 * (fast - slow)) / slow;
    if (i < lb) {
      sig += p;
      continue;
    }
    if (i === lb) sig = (sig + p) / signalPeriod;
    else sig = (p - sig) * kg + sig;
    line[i] = p;
    signal[i] = sig;
    histogram[i] = p - sig;
  }
  for (let i = steady; i < n; i++) {
    const v = volume[i]!;
    fast = (v - fast) * kf + fast;
    slow = (v - slow) * ks + slow;
    const p = slow === 0 ? Number.NaN : (100 * (fast - slow)) / slow;
    sig = (p - sig) * kg + sig;
    line[i] = p;
    signal[i] = sig;
    histogram[i] = p - sig;
  }
  return { pvo: line, signal, histogram };
}
