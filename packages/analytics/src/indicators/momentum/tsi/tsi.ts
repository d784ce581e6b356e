import { emaInto, fillNaN, nanArray } from '../../core/index.js';

/** Leading NaN bars of `tsi` (the signal starts signal − 1 bars later; both outputs start together). */
export function tsiLookback(longPeriod: number, shortPeriod: number, signalPeriod: number): number {
  return longPeriod + shortPeriod - 1 + signalPeriod - 1;
}

/**
 * True strength index (Blau): 100·EMA(EMA(Δclose, long), short)/EMA(EMA(|Δclose|, long), short) and
 * an EMA signal line; SMA-seeded EMAs (as Stock.Indicators ToTsi). 0 when the denominator is 0.
 */
export function tsi(
  close: Float64Array,
  longPeriod = 25,
  shortPeriod = 13,
  signalPeriod = 7,
): { tsi: Float64Array; signal: Float64Array } {
  const n = close.length;
  const pc = nanArray(n);
  const apc = nanArray(n);
  for (let i = 1; i < n; i++) {
    pc[i] = close[i]! - close[i - 1]!;
    apc[i] = Math.abs(pc[i]!);
  }
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const f1 = emaInto(pc, longPeriod, a, Math.min(1, n));
  emaInto(apc, longPeriod, b, Math.min(1, n));
  const out = nanArray(n);
  const den = new Float64Array(n);
  const f2 = emaInto(a, shortPeriod, out, f1);
  emaInto(b, shortPeriod, den, f1);
  for (let i = f2; i < n; i++) {
    const d = den[i]!;
    out[i] = d !== 0 ? (100 * out[i]!) / d : 0 * out[i]!;
  }
  const signal = nanArray(n);
  const first = emaInto(out, signalPeriod, signal, Math.min(f2, n));
  fillNaN(out, 0, first);
  return { tsi: out, signal };
}
