import { nanArray } from '../../core/index.js';
import { requireReal, requireSameLength } from '../../math/guards.js';

export interface SarExtOptions {
  /** 0: direction from the first bar's directional movement; > 0: start long at this SAR; < 0: start short at |value|. */
  readonly startValue: number;
  /** Fraction added to (short) / removed from (long) the SAR on a reversal. */
  readonly offsetOnReverse: number;
  readonly accelerationInitLong: number;
  readonly accelerationLong: number;
  readonly accelerationMaxLong: number;
  readonly accelerationInitShort: number;
  readonly accelerationShort: number;
  readonly accelerationMaxShort: number;
}

export const SAREXT_DEFAULTS: SarExtOptions = {
  startValue: 0,
  offsetOnReverse: 0,
  accelerationInitLong: 0.02,
  accelerationLong: 0.02,
  accelerationMaxLong: 0.2,
  accelerationInitShort: 0.02,
  accelerationShort: 0.02,
  accelerationMaxShort: 0.2,
};

/** Lookback of the parabolic SAR family: 1. */
export function sarextLookback(): number {
  return 1;
}

/**
 * Parabolic SAR, extended (TA-Lib `SAREXT`, port of ta_SAREXT.c). Short positions are reported as
 * negative values when `signShort` is -1 (TA-Lib SAREXT); `sar` passes 1.
 */
export function parabolicSar(
  high: Float64Array,
  low: Float64Array,
  o: SarExtOptions,
  signShort: 1 | -1,
): Float64Array {
  const n = requireSameLength(high, low);
  requireReal('startValue', o.startValue, -3e37, 3e37);
  requireReal('offsetOnReverse', o.offsetOnReverse, 0, 3e37);
  for (const k of [
    'accelerationInitLong',
    'accelerationLong',
    'accelerationMaxLong',
    'accelerationInitShort',
    'accelerationShort',
    'accelerationMaxShort',
  ] as const) {
    requireReal(k, o[k], 0, 3e37);
  }
  const out = nanArray(n);
  if (n < 2) return out;
  const maxLong = o.accelerationMaxLong;
  const maxShort = o.accelerationMaxShort;
  const initLong = Math.min(o.accelerationInitLong, maxLong);
  const incLong = Math.min(o.accelerationLong, maxLong);
  const initShort = Math.min(o.accelerationInitShort, maxShort);
  const incShort = Math.min(o.accelerationShort, maxShort);
  const offset = o.offsetOnReverse;
  let afLong = initLong;
  let afShort = initShort;
  let isLong: boolean;
  let ep: number;
  let sar: number;
  if (o.startValue === 0) {
    // TA-Lib: MINUS_DM(1) of the second bar decides the initial direction.
    const diffP = high[1] - high[0];
    const diffM = low[0] - low[1];
    isLong = !(diffM > 0 && diffP < diffM);
    ep = isLong ? high[1] : low[1];
    sar = isLong ? low[0] : high[0];
  } else if (o.startValue > 0) {
    isLong = true;
    ep = high[1];
    sar = o.startValue;
  } else {
    isLong = false;
    ep = low[1];
    sar = Math.abs(o.startValue);
  }
  let newLow = low[1];
  let newHigh = high[1];
  for (let today = 1; today < n; today++) {
    // A bar with a missing high or low is NaN and skipped: the SAR carries over unchanged.
    if (Number.isNaN(low[today]) || Number.isNaN(high[today])) continue;
    const prevLow = newLow;
    const prevHigh = newHigh;
    newLow = low[today];
    newHigh = high[today];
    if (isLong) {
      if (newLow <= sar) {
        isLong = false;
        sar = ep;
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
        if (offset !== 0) sar += sar * offset;
        out[today] = signShort * sar;
        afShort = initShort;
        ep = newLow;
        sar = sar + afShort * (ep - sar);
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
      } else {
        out[today] = sar;
        if (newHigh > ep) {
          ep = newHigh;
          afLong += incLong;
          if (afLong > maxLong) afLong = maxLong;
        }
        sar = sar + afLong * (ep - sar);
        if (sar > prevLow) sar = prevLow;
        if (sar > newLow) sar = newLow;
      }
    } else if (newHigh >= sar) {
      isLong = true;
      sar = ep;
      if (sar > prevLow) sar = prevLow;
      if (sar > newLow) sar = newLow;
      if (offset !== 0) sar -= sar * offset;
      out[today] = sar;
      afLong = initLong;
      ep = newHigh;
      sar = sar + afLong * (ep - sar);
      if (sar > prevLow) sar = prevLow;
      if (sar > newLow) sar = newLow;
    } else {
      out[today] = signShort * sar;
      if (newLow < ep) {
        ep = newLow;
        afShort += incShort;
        if (afShort > maxShort) afShort = maxShort;
      }
      sar = sar + afShort * (ep - sar);
      if (sar < prevHigh) sar = prevHigh;
      if (sar < newHigh) sar = newHigh;
    }
  }
  return out;
}

/** Parabolic SAR extended (TA-Lib `SAREXT`): short-side values are negative. Lookback 1. */
export function sarext(
  high: Float64Array,
  low: Float64Array,
  options: Partial<SarExtOptions> = {},
): Float64Array {
  return parabolicSar(high, low, { ...SAREXT_DEFAULTS, ...options }, -1);
}
