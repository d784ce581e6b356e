import { fillNaN } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `chop`: period (true ranges start at bar 1). */
export function chopLookback(period: number): number {
  return period;
}

/**
 * Choppiness index (E. W. Dreiss; Stock.Indicators `ToChop`): 100 × log10(ΣTR / (max true high −
 * min true low)) / log10(period) over the last `period` bars, with true high/low including the previous
 * close. 100 = fully choppy, near 0 = trending. One pass: running ΣTR and TA-Lib-style extreme tracking
 * (rescan only when the extreme leaves the window), terms recomputed from the inputs; a NaN term makes
 * the windows holding it NaN.
 */
export function chop(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 2, 100000);
  const out = new Float64Array(n); // every bar from `period` on is written below
  fillNaN(out, 0, Math.min(period, n));
  const norm = Math.log10(period);
  let sum = 0;
  let lastNaN = -1;
  let hiIdx = -1;
  let hi = 0;
  let loIdx = -1;
  let lo = 0;
  for (let i = 1; i < n; i++) {
    const pc = close[i - 1];
    const th = Math.max(high[i], pc);
    const tl = Math.min(low[i], pc);
    const tr = th - tl;
    if (Number.isNaN(tr)) lastNaN = i;
    else sum += tr;
    if (i < period) continue;
    const trailing = i - period + 1;
    if (hiIdx < trailing) {
      hiIdx = trailing;
      hi = Math.max(high[trailing], close[trailing - 1]);
      for (let j = trailing + 1; j <= i; j++) {
        const v = Math.max(high[j], close[j - 1]);
        if (v > hi) {
          hi = v;
          hiIdx = j;
        }
      }
    } else if (th >= hi) {
      hi = th;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      loIdx = trailing;
      lo = Math.min(low[trailing], close[trailing - 1]);
      for (let j = trailing + 1; j <= i; j++) {
        const v = Math.min(low[j], close[j - 1]);
        if (v < lo) {
          lo = v;
          loIdx = j;
        }
      }
    } else if (tl <= lo) {
      lo = tl;
      loIdx = i;
    }
    out[i] = lastNaN > i - period ? Number.NaN : (100 * Math.log10(sum / (hi - lo))) / norm;
    const opc = close[trailing - 1];
    const otr = Math.max(high[trailing], opc) - Math.min(low[trailing], opc);
    if (!Number.isNaN(otr)) sum -= otr;
  }
  return out;
}
