import { nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `vortex`: period (movements start at bar 1). */
export function vortexLookback(period: number): number {
  return period;
}

/**
 * Vortex indicator (Botes & Siepman; Stock.Indicators `ToVortex`): VI+ = Σ|H_t − L_{t−1}| / ΣTR and
 * VI− = Σ|L_t − H_{t−1}| / ΣTR over the last `period` bars. One pass with running sums; the terms
 * leaving the window are recomputed from the inputs, and a bar with a NaN term is left out of the
 * sums and makes the windows holding it NaN.
 */
export function vortex(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 14,
): { plus: Float64Array; minus: Float64Array } {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  const plus = nanArray(n);
  const minus = nanArray(n);
  let sp = 0;
  let sm = 0;
  let st = 0;
  let lastNaN = -1;
  for (let i = 1; i < n; i++) {
    const h = high[i];
    const l = low[i];
    const vp = Math.abs(h - low[i - 1]);
    const vm = Math.abs(l - high[i - 1]);
    const pc = close[i - 1];
    const tr = Math.max(h, pc) - Math.min(l, pc);
    if (Number.isNaN(vp) || Number.isNaN(vm) || Number.isNaN(tr)) lastNaN = i;
    else {
      sp += vp;
      sm += vm;
      st += tr;
    }
    if (i < period) continue;
    plus[i] = lastNaN > i - period ? Number.NaN : sp / st;
    minus[i] = lastNaN > i - period ? Number.NaN : sm / st;
    const j = i - period + 1; // leaves the window before the next bar
    const ovp = Math.abs(high[j] - low[j - 1]);
    const ovm = Math.abs(low[j] - high[j - 1]);
    const opc = close[j - 1];
    const otr = Math.max(high[j], opc) - Math.min(low[j], opc);
    if (!(Number.isNaN(ovp) || Number.isNaN(ovm) || Number.isNaN(otr))) {
      sp -= ovp;
      sm -= ovm;
      st -= otr;
    }
  }
  return { plus, minus };
}
