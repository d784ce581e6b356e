import { nanArray } from '../../core/index.js';
import { hilbertCycle } from '../hilbert-cycle.js';

/** Lookback of `ht_phasor`: 32 (TA-Lib, unstable period 0). */
export function htPhasorLookback(): number {
  return 32;
}

/** Hilbert transform phasor components (TA-Lib `HT_PHASOR`, port of ta_HT_PHASOR.c). */
export function htPhasor(x: Float64Array): { inphase: Float64Array; quadrature: Float64Array } {
  const n = x.length;
  const lookback = htPhasorLookback();
  const inphase = nanArray(n);
  const quadrature = nanArray(n);
  if (n > lookback) {
    const h = hilbertCycle(x, 9);
    inphase.set(h.inPhase.subarray(lookback), lookback);
    quadrature.set(h.quadrature.subarray(lookback), lookback);
  }
  return { inphase, quadrature };
}
