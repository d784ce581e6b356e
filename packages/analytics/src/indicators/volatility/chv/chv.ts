import { nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `chv`: (emaPeriod − 1) + rocPeriod. */
export function chvLookback(emaPeriod: number, rocPeriod: number): number {
  return emaPeriod - 1 + rocPeriod;
}

/**
 * Chaikin volatility: percent change over `rocPeriod` bars of the EMA (SMA-seeded, `emaPeriod`) of the
 * high−low range. 100 × (E_t − E_{t−rocPeriod}) / E_{t−rocPeriod} (0 when the lagged EMA is 0). One pass
 * (EMA recursion inline).
 */
export function chv(high: Float64Array, low: Float64Array, emaPeriod = 10, rocPeriod = 10): Float64Array {
  const n = requireSameLength(high, low);
  requireInt('emaPeriod', emaPeriod, 1, 100000);
  requireInt('rocPeriod', rocPeriod, 1, 100000);
  const e = new Float64Array(n);
  const out = nanArray(n);
  const k = 2 / (emaPeriod + 1);
  const lb = chvLookback(emaPeriod, rocPeriod);
  let ema = 0;
  for (let i = 0; i < n; i++) {
    const r = high[i] - low[i];
    if (i < emaPeriod) {
      ema += r;
      if (i === emaPeriod - 1) ema /= emaPeriod;
    } else ema = (r - ema) * k + ema;
    e[i] = ema;
    if (i >= lb) {
      const prev = e[i - rocPeriod];
      out[i] = prev === 0 ? 0 : (100 * (ema - prev)) / prev;
    }
  }
  return out;
}
