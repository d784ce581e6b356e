import { fillNaN, nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';

/** Leading NaN bars of `smi`: period − 1 (its EMAs are seeded with their first value). */
export function smiLookback(period: number): number {
  return period - 1;
}

/** EMA seeded with the first value at `start` (no SMA warm-up), written in place over `buf`. */
function emaFromFirst(buf: Float64Array, period: number, start: number): void {
  const k = 2 / (period + 1);
  let prev = buf[start]!;
  for (let i = start + 1; i < buf.length; i++) {
    prev = prev + k * (buf[i]! - prev);
    buf[i] = prev;
  }
}

/**
 * Stochastic momentum index (Blau): 100·EMA²(close − mid of range)/(½·EMA²(range)) over the
 * high/low window of `period` bars, plus an EMA signal line. EMAs are seeded with their first value
 * (as Stock.Indicators ToSmi), so output starts right after the window fills. 0 when the range is 0.
 */
export function smi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 13,
  firstSmooth = 25,
  secondSmooth = 2,
  signalPeriod = 3,
): { smi: Float64Array; signal: Float64Array } {
  const n = close.length;
  const hh = new Float64Array(n);
  const ll = new Float64Array(n);
  const first = rollingMaxInto(high, period, hh);
  rollingMinInto(low, period, ll);
  const out = nanArray(n);
  const signal = nanArray(n);
  if (first >= n) return { smi: out, signal };
  const sm = new Float64Array(n);
  const hl = new Float64Array(n);
  for (let i = first; i < n; i++) {
    sm[i] = close[i]! - 0.5 * (hh[i]! + ll[i]!);
    hl[i] = hh[i]! - ll[i]!;
  }
  emaFromFirst(sm, firstSmooth, first);
  emaFromFirst(sm, secondSmooth, first);
  emaFromFirst(hl, firstSmooth, first);
  emaFromFirst(hl, secondSmooth, first);
  for (let i = first; i < n; i++) {
    const d = hl[i]!;
    out[i] = d !== 0 ? (100 * sm[i]!) / (0.5 * d) : 0 * sm[i]!;
  }
  signal.set(out.subarray(first), first);
  emaFromFirst(signal, signalPeriod, first);
  fillNaN(out, 0, first);
  return { smi: out, signal };
}
