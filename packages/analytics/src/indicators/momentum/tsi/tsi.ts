import { emaInto, fillNaN } from '../../core/index.js';

/** Leading NaN bars of `tsi` (the signal starts signal − 1 bars later; both outputs start together). */
export function tsiLookback(longPeriod: number, shortPeriod: number, signalPeriod: number): number {
  return longPeriod + shortPeriod - 1 + signalPeriod - 1;
}

/**
 * True strength index (Blau): 100·EMA(EMA(Δclose, long), short)/EMA(EMA(|Δclose|, long), short) and
 * an EMA signal line; SMA-seeded EMAs (as Stock.Indicators ToTsi). 0 when the denominator is 0.
 * The four EMAs run in one pass over the price changes.
 */
export function tsi(
  close: Float64Array,
  longPeriod = 25,
  shortPeriod = 13,
  signalPeriod = 7,
): { tsi: Float64Array; signal: Float64Array } {
  const n = close.length;
  const out = new Float64Array(n);
  const t1 = longPeriod; // first bar of the long EMAs (changes start at bar 1)
  const t2 = t1 + shortPeriod - 1; // first bar of the short EMAs = first TSI
  fillNaN(out, 0, Math.min(t2, n));
  const aLong = 2 / (longPeriod + 1);
  const aShort = 2 / (shortPeriod + 1);
  let m1 = 0; // EMA(Δ, long) (seed sum until t1)
  let d1 = 0; // EMA(|Δ|, long)
  let m2 = 0; // EMA(m1, short)
  let d2 = 0; // EMA(d1, short)
  for (let i = 1; i < n; i++) {
    const x = close[i]! - close[i - 1]!;
    const ax = Math.abs(x);
    if (i < t1) {
      m1 += x;
      d1 += ax;
      continue;
    }
    if (i === t1) {
      m1 = (m1 + x) / longPeriod;
      d1 = (d1 + ax) / longPeriod;
    } else {
      m1 = (x - m1) * aLong + m1;
      d1 = (ax - d1) * aLong + d1;
    }
    if (i < t2) {
      m2 += m1;
      d2 += d1;
      continue;
    }
    if (i === t2) {
      m2 = (m2 + m1) / shortPeriod;
      d2 = (d2 + d1) / shortPeriod;
    } else {
      m2 = (m1 - m2) * aShort + m2;
      d2 = (d1 - d2) * aShort + d2;
    }
    out[i] = d2 !== 0 ? (100 * m2) / d2 : 0 * m2;
  }
  const signal = new Float64Array(n);
  const first = emaInto(out, signalPeriod, signal, Math.min(t2, n));
  fillNaN(out, 0, first);
  return { tsi: out, signal };
}
