import { emaInto, nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `chv`: (emaPeriod − 1) + rocPeriod. */
export function chvLookback(emaPeriod: number, rocPeriod: number): number {
  return emaPeriod - 1 + rocPeriod;
}

/**
 * Chaikin volatility: percent change over `rocPeriod` bars of the EMA (SMA-seeded, `emaPeriod`) of the
 * high−low range. 100 × (E_t − E_{t−rocPeriod}) / E_{t−rocPeriod}.
 */
export function chv(high: Float64Array, low: Float64Array, emaPeriod = 10, rocPeriod = 10): Float64Array {
  const n = requireSameLength(high, low);
  requireInt('emaPeriod', emaPeriod, 1, 100000);
  requireInt('rocPeriod', rocPeriod, 1, 100000);
  const range = new Float64Array(n);
  for (let i = 0; i < n; i++) range[i] = high[i] - low[i];
  const e = nanArray(n);
  emaInto(range, emaPeriod, e);
  const out = nanArray(n);
  for (let i = chvLookback(emaPeriod, rocPeriod); i < n; i++) {
    const prev = e[i - rocPeriod];
    out[i] = (100 * (e[i] - prev)) / prev;
  }
  return out;
}
