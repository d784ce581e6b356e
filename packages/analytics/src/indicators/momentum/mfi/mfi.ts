import { fillNaN, nanArray, rollingSumInto } from '../../core/index.js';

/** Leading NaN bars of `mfi` (TA-Lib: period). */
export function mfiLookback(period: number): number {
  return period;
}

/**
 * Money flow index, TA-Lib `TA_MFI`: typical price × volume is positive flow when tp rises, negative
 * when it falls (unchanged bars count in neither); 100·pos/(pos + neg) over the last `period`
 * changes, 0 when the total flow is below 1.
 */
export function mfi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period = 14,
): Float64Array {
  const n = close.length;
  if (!Number.isInteger(period) || period < 1 || n <= period)
    return mfiGeneral(high, low, close, volume, period);
  // Fast path: flows and both rolling sums fused in one pass (the last `period` flows in a ring), with
  // exactly the operations of `rollingSumInto`'s NaN-free path (add the new flow, read the window sums,
  // drop the oldest flow), so the results are the same. NaN is absorbing in the sums: a NaN sum at
  // the end sends the series through the general code instead.
  const out = new Float64Array(n);
  fillNaN(out, 0, period);
  const ringPos = new Float64Array(period);
  const ringNeg = new Float64Array(period);
  let sumPos = 0;
  let sumNeg = 0;
  let slot = 1 % period; // ring slot of bar i is i mod period
  let prev = (high[0]! + low[0]! + close[0]!) / 3;
  if (Number.isNaN(prev)) return mfiGeneral(high, low, close, volume, period);
  for (let i = 1; i < n; i++) {
    const tp = (high[i]! + low[i]! + close[i]!) / 3;
    const d = tp - prev;
    const flow = tp * volume[i]!;
    // Positive/negative flow without branches (the sign of d is a coin flip on real data and a
    // mispredicted branch costs more than two multiplications): ×1 keeps the flow exactly, ×0 gives
    // ±0, which leaves the sums unchanged. A NaN d with a finite flow would give 0 where the general
    // code gives NaN; it only arises after a NaN typical price, whose NaN flow already poisons the
    // sums (bar 0, whose flow is never summed, is checked above). An infinite flow ×0 is NaN: the
    // general code then decides.
    const p = flow * Number(d > 0);
    const q = flow * Number(d < 0);
    prev = tp;
    sumPos += p;
    sumNeg += q;
    ringPos[slot] = p;
    ringNeg[slot] = q;
    slot++;
    if (slot === period) slot = 0;
    if (i >= period) {
      const total = sumPos + sumNeg;
      out[i] = total < 1 ? 0 : 100 * (sumPos / total);
      sumPos -= ringPos[slot]!; // flow of bar i − period + 1
      sumNeg -= ringNeg[slot]!;
    }
  }
  if (Number.isNaN(sumPos) || Number.isNaN(sumNeg)) return mfiGeneral(high, low, close, volume, period);
  return out;
}

/** Flows into arrays, then the two rolling sums (NaN-aware), as TA-Lib. */
function mfiGeneral(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period: number,
): Float64Array {
  const n = close.length;
  const pos = new Float64Array(n);
  const neg = new Float64Array(n);
  let prev = n > 0 ? (high[0]! + low[0]! + close[0]!) / 3 : 0;
  for (let i = 1; i < n; i++) {
    const tp = (high[i]! + low[i]! + close[i]!) / 3;
    const d = tp - prev;
    const flow = tp * volume[i]!;
    if (Number.isNaN(d) || Number.isNaN(flow)) {
      pos[i] = Number.NaN;
      neg[i] = Number.NaN;
    } else if (d < 0) neg[i] = flow;
    else if (d > 0) pos[i] = flow;
    prev = tp;
  }
  const out = nanArray(n);
  const negSum = new Float64Array(n);
  const first = rollingSumInto(pos, period, out, 1);
  rollingSumInto(neg, period, negSum, 1);
  for (let i = first; i < n; i++) {
    const total = out[i]! + negSum[i]!;
    out[i] = total < 1 ? 0 : 100 * (out[i]! / total);
  }
  return out;
}
