import { emaInto, nanArray } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `pvo`: max(fast, slow) − 1 + signal − 1. */
export function pvoLookback(fastPeriod: number, slowPeriod: number, signalPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}

/**
 * Percentage volume oscillator (Stock.Indicators `ToPvo`): 100 × (EMA(fast) − EMA(slow)) / EMA(slow) of
 * volume, SMA-seeded EMAs; signal = EMA(signal) of it; histogram = pvo − signal.
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
  const fast = nanArray(n);
  const slow = nanArray(n);
  emaInto(volume, fastPeriod, fast);
  emaInto(volume, slowPeriod, slow);
  const start = Math.max(fastPeriod, slowPeriod) - 1;
  const line = nanArray(n);
  for (let i = start; i < n; i++)
    line[i] = slow[i] === 0 ? Number.NaN : (100 * (fast[i] - slow[i])) / slow[i];
  const signal = nanArray(n);
  emaInto(line, signalPeriod, signal, start);
  const lb = pvoLookback(fastPeriod, slowPeriod, signalPeriod);
  const histogram = nanArray(n);
  for (let i = lb; i < n; i++) histogram[i] = line[i] - signal[i];
  line.fill(Number.NaN, 0, Math.min(n, lb));
  return { pvo: line, signal, histogram };
}
