/**
 * TA-Lib's candle settings (`TA_CandleSetting`): every vague word used by the candlestick patterns
 * ("long body", "doji", "near", ...) is a threshold relative to the average size of recent candles.
 *
 * A threshold for candle `i` is `factor × average(range of the avgPeriod candles before i)`, halved
 * for the `shadows` range type (which sums both shadows). With `avgPeriod = 0` the candle's own range
 * is used instead of an average. Defaults are TA-Lib 0.4's `TA_CandleDefaultSettings` (ta_global.c).
 */

/** What is measured on each candle to build a setting's average. */
export type CandleRangeType = 'realBody' | 'highLow' | 'shadows';

export const CANDLE_RANGE_TYPES: readonly CandleRangeType[] = ['realBody', 'highLow', 'shadows'];

export interface CandleSetting {
  readonly rangeType: CandleRangeType;
  /** Number of previous candles averaged; 0 means "the candle itself". */
  readonly avgPeriod: number;
  readonly factor: number;
}

export type CandleSettingName =
  | 'bodyLong'
  | 'bodyVeryLong'
  | 'bodyShort'
  | 'bodyDoji'
  | 'shadowLong'
  | 'shadowVeryLong'
  | 'shadowShort'
  | 'shadowVeryShort'
  | 'near'
  | 'far'
  | 'equal';

export type CandleSettings = Readonly<Record<CandleSettingName, CandleSetting>>;

export type CandleSettingOverrides = Readonly<Partial<Record<CandleSettingName, Partial<CandleSetting>>>>;

/** TA-Lib defaults, with TA-Lib's own wording of each rule. */
export const DEFAULT_CANDLE_SETTINGS: CandleSettings = {
  /** Real body is long when longer than the average of the 10 previous real bodies. */
  bodyLong: { rangeType: 'realBody', avgPeriod: 10, factor: 1.0 },
  /** Real body is very long when longer than 3× the average of the 10 previous real bodies. */
  bodyVeryLong: { rangeType: 'realBody', avgPeriod: 10, factor: 3.0 },
  /** Real body is short when shorter than the average of the 10 previous real bodies. */
  bodyShort: { rangeType: 'realBody', avgPeriod: 10, factor: 1.0 },
  /** Real body is doji-like when shorter than 10% of the average of the 10 previous high-low ranges. */
  bodyDoji: { rangeType: 'highLow', avgPeriod: 10, factor: 0.1 },
  /** Shadow is long when longer than the candle's own real body. */
  shadowLong: { rangeType: 'realBody', avgPeriod: 0, factor: 1.0 },
  /** Shadow is very long when longer than 2× the candle's own real body. */
  shadowVeryLong: { rangeType: 'realBody', avgPeriod: 0, factor: 2.0 },
  /** Shadow is short when shorter than half the average of the 10 previous sums of shadows. */
  shadowShort: { rangeType: 'shadows', avgPeriod: 10, factor: 1.0 },
  /** Shadow is very short when shorter than 10% of the average of the 10 previous high-low ranges. */
  shadowVeryShort: { rangeType: 'highLow', avgPeriod: 10, factor: 0.1 },
  /** "Near": at most 20% of the average of the 5 previous high-low ranges. */
  near: { rangeType: 'highLow', avgPeriod: 5, factor: 0.2 },
  /** "Far": at least 60% of the average of the 5 previous high-low ranges. */
  far: { rangeType: 'highLow', avgPeriod: 5, factor: 0.6 },
  /** "Equal": at most 5% of the average of the 5 previous high-low ranges. */
  equal: { rangeType: 'highLow', avgPeriod: 5, factor: 0.05 },
};

export const CANDLE_SETTING_NAMES = Object.keys(DEFAULT_CANDLE_SETTINGS) as readonly CandleSettingName[];

/** Largest accepted averaging period (a guard against absurd look-backs, not a TA-Lib limit). */
export const MAX_CANDLE_AVG_PERIOD = 1000;

/** Largest accepted factor. */
export const MAX_CANDLE_FACTOR = 1000;

/** Applies overrides on top of TA-Lib's defaults, rejecting out-of-range values. */
export function resolveCandleSettings(overrides: CandleSettingOverrides = {}): CandleSettings {
  const out = { ...DEFAULT_CANDLE_SETTINGS } as Record<CandleSettingName, CandleSetting>;
  for (const name of CANDLE_SETTING_NAMES) {
    const o = overrides[name];
    if (o === undefined) continue;
    const merged: CandleSetting = { ...DEFAULT_CANDLE_SETTINGS[name], ...o };
    if (!CANDLE_RANGE_TYPES.includes(merged.rangeType)) {
      throw new RangeError(`${name}.rangeType must be one of ${CANDLE_RANGE_TYPES.join(', ')}`);
    }
    const p = merged.avgPeriod;
    if (!Number.isInteger(p) || p < 0 || p > MAX_CANDLE_AVG_PERIOD) {
      throw new RangeError(`${name}.avgPeriod must be an integer in [0, ${MAX_CANDLE_AVG_PERIOD}], got ${p}`);
    }
    const f = merged.factor;
    if (!Number.isFinite(f) || f < 0 || f > MAX_CANDLE_FACTOR) {
      throw new RangeError(`${name}.factor must be in [0, ${MAX_CANDLE_FACTOR}], got ${f}`);
    }
    out[name] = merged;
  }
  return out;
}
