import { emaInto, firstFinite, nanArray, smaInto, wmaInto } from '../../core/index.js';
import { demaInto, demaLookback } from '../dema/dema.js';
import { kamaInto } from '../kama/kama.js';
import { MAMA_LOOKBACK, mamaInto } from '../mama/mama.js';
import { t3Into, t3Lookback } from '../t3/t3.js';
import { temaInto, temaLookback } from '../tema/tema.js';
import { trimaInto } from '../trima/trima.js';

/** TA-Lib's moving-average types, in TA_MAType order (index = TA-Lib's integer code). */
export const MA_TYPES = ['sma', 'ema', 'wma', 'dema', 'tema', 'trima', 'kama', 'mama', 't3'] as const;
export type MaType = (typeof MA_TYPES)[number];

/** Leading NaN bars of `movingAverage(…, period, type)` (period 1 is the identity: 0). */
export function maLookback(period: number, type: MaType): number {
  if (period <= 1) return 0;
  switch (type) {
    case 'dema':
      return demaLookback(period);
    case 'tema':
      return temaLookback(period);
    case 'kama':
      return period;
    case 'mama':
      return MAMA_LOOKBACK;
    case 't3':
      return t3Lookback(period);
    default:
      return period - 1;
  }
}

/**
 * Moving-average kernel of any TA-Lib type (as `TA_MA`): writes into `out` from `start` and returns
 * the first defined index. MAMA ignores `period` (limits 0.5/0.05) and T3 uses vFactor 0.7, as TA_MA.
 * Period 1 copies the input. `out` must not alias `src`.
 */
export function movingAverageInto(
  src: Float64Array,
  period: number,
  type: MaType,
  out: Float64Array,
  start = 0,
): number {
  if (period <= 1) {
    out.fill(Number.NaN, 0, Math.min(start, out.length));
    out.set(src.subarray(start), start);
    return start;
  }
  switch (type) {
    case 'sma':
      return smaInto(src, period, out, start);
    case 'ema':
      return emaInto(src, period, out, start);
    case 'wma':
      return wmaInto(src, period, out, start);
    case 'dema':
      return demaInto(src, period, out, start);
    case 'tema':
      return temaInto(src, period, out, start);
    case 'trima':
      return trimaInto(src, period, out, start);
    case 'kama':
      return kamaInto(src, period, out, start);
    case 'mama':
      return mamaInto(src, 0.5, 0.05, out, new Float64Array(src.length), start);
    case 't3':
      return t3Into(src, period, out, start, 0.7);
  }
}

/** Moving average of the chosen type. Leading NaNs are skipped. */
export function movingAverage(values: Float64Array, period = 30, type: MaType = 'sma'): Float64Array {
  const out = nanArray(values.length);
  movingAverageInto(values, period, type, out, firstFinite(values));
  return out;
}

/** Narrows a validated enum parameter value to `MaType`. */
export function asMaType(value: string): MaType {
  const t = MA_TYPES.find((m) => m === value);
  if (t === undefined) throw new TypeError(`not a moving-average type: ${value}`);
  return t;
}
