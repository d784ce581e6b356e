import type { SeriesInputs, SeriesName } from '../../registry/types.js';

/**
 * Reads a required input series for a registry `compute`. The registry checks presence and lengths
 * before calling, so a missing series here is a programming fault and throws.
 */
export function series(inputs: SeriesInputs, name: SeriesName): Float64Array {
  const s = inputs[name];
  if (s === undefined) throw new TypeError(`input series ${name} is missing`);
  return s;
}
