import { fillNaN, nanArray } from '../../core/index.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';

/** Lookback of `ht_phasor`: 32 (TA-Lib, unstable period 0). */
export function htPhasorLookback(): number {
  return 32;
}

/** Hilbert transform phasor components (TA-Lib `HT_PHASOR`, port of ta_HT_PHASOR.c). */
export function htPhasor(x: Float64Array): { inphase: Float64Array; quadrature: Float64Array } {
  const n = x.length;
  const lookback = htPhasorLookback();
  if (n <= lookback) return { inphase: nanArray(n), quadrature: nanArray(n) };
  const inphase = new Float64Array(n);
  const quadrature = new Float64Array(n);
  hilbertCycleInto(x, 9, null, null, inphase, quadrature);
  fillNaN(inphase, 0, lookback);
  fillNaN(quadrature, 0, lookback);
  return { inphase, quadrature };
}
