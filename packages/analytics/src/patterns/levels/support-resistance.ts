import { checkBars } from '../swings/check-bars.js';
import { wilderAtr } from '../swings/wilder-atr.js';
import { zigZag } from '../swings/zig-zag.js';
import { clusterSwings } from './cluster-swings.js';
import { resolveSupportResistanceOptions, type SupportResistanceOptions } from './options.js';
import type { SupportResistanceResult } from './types.js';

/** Bar series read by the level engine; arrays of equal length, not mutated. */
export interface LevelBars {
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * Support and resistance as of bar `t`, reading only bars <= t: zig-zag swings known by t (extreme within
 * `maxAgeBars` of t) are clustered with tolerance `toleranceAtr × ATR[t]` and labelled against `close[t]`.
 * During the ATR warm-up there are no levels. Throws RangeError for invalid options, a bad `t`, mismatched
 * array lengths or non-finite prices up to bar t.
 */
export function supportResistanceAt(
  bars: LevelBars,
  t: number,
  options: SupportResistanceOptions = {},
): SupportResistanceResult {
  const p = resolveSupportResistanceOptions(options);
  const n = bars.close.length;
  if (!Number.isInteger(t) || t < -1 || t >= n) throw new RangeError(`as-of bar ${t} outside [-1, ${n - 1}]`);
  checkBars(bars.high, bars.low, bars.close, t + 1);
  const close = t >= 0 ? bars.close[t]! : Number.NaN;
  const atr = wilderAtr(bars.high, bars.low, bars.close, p.atrPeriod);
  const unit = t >= 0 ? atr[t]! : Number.NaN;
  if (Number.isNaN(unit)) return { asOf: t, close, tolerance: Number.NaN, levels: [] };
  const known = zigZag(bars.high, bars.low, atr, p.swingThresholdAtr).filter(
    (s) => s.knownAt <= t && t - s.index <= p.maxAgeBars,
  );
  const tolerance = p.toleranceAtr * unit;
  return {
    asOf: t,
    close,
    tolerance,
    levels: clusterSwings(known, tolerance, p.minTouches, t, close, p.recencyHalfLifeBars),
  };
}

/** Support and resistance as of the last bar. */
export function detectSupportResistance(
  bars: LevelBars,
  options: SupportResistanceOptions = {},
): SupportResistanceResult {
  return supportResistanceAt(bars, bars.close.length - 1, options);
}
