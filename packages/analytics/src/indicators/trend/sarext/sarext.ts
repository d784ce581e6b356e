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
  const out = new Float64Array(n); // every bar is written below (NaN where no SAR is defined)
  out[0] = Number.NaN;
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
  // The position lives in the control flow: one inner loop per side, left on a reversal. The new
  // extreme point (about 40 % of bars, unpredictable for the branch predictor) is taken without a
  // branch: `ext` is 1 on a new extreme and picks the updated (ep, af) pair out of two-slot buffers;
  // the candidate af is computed every bar with TA-Lib's operations, so the values are the same.
  const pickEp = new Float64Array(2);
  const pickAf = new Float64Array(2);
  let today = 1;
  while (today < n) {
    if (isLong) {
      for (; today < n; today++) {
        // A bar with a missing high or low is NaN and skipped: the SAR carries over unchanged.
        const l = low[today]!;
        const h = high[today]!;
        if (Number.isNaN(l) || Number.isNaN(h)) {
          out[today] = Number.NaN;
          continue;
        }
        const prevLow = newLow;
        const prevHigh = newHigh;
        newLow = l;
        newHigh = h;
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
          today++;
          break;
        }
        out[today] = sar;
        const ext = Number(newHigh > ep); // a compare-and-set, no branch
        let af = afLong + incLong;
        if (af > maxLong) af = maxLong;
        pickAf[0] = afLong;
        pickAf[1] = af;
        afLong = pickAf[ext]!;
        pickEp[0] = ep;
        pickEp[1] = newHigh;
        ep = pickEp[ext]!;
        sar = sar + afLong * (ep - sar);
        if (sar > prevLow) sar = prevLow;
        if (sar > newLow) sar = newLow;
      }
    } else {
      for (; today < n; today++) {
        const l = low[today]!;
        const h = high[today]!;
        if (Number.isNaN(l) || Number.isNaN(h)) {
          out[today] = Number.NaN;
          continue;
        }
        const prevLow = newLow;
        const prevHigh = newHigh;
        newLow = l;
        newHigh = h;
        if (newHigh >= sar) {
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
          today++;
          break;
        }
        out[today] = signShort * sar;
        const ext = Number(newLow < ep);
        let af = afShort + incShort;
        if (af > maxShort) af = maxShort;
        pickAf[0] = afShort;
        pickAf[1] = af;
        afShort = pickAf[ext]!;
        pickEp[0] = ep;
        pickEp[1] = newLow;
        ep = pickEp[ext]!;
        sar = sar + afShort * (ep - sar);
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
      }
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
  const o = { ...SAREXT_DEFAULTS, ...options };
  // A fresh literal of fixed shape (as `sar` passes): the spread result's map can be short-lived, and
  // optimised code that depends on it is thrown away when a GC collects it.
  const settings: SarExtOptions = {
    startValue: o.startValue,
    offsetOnReverse: o.offsetOnReverse,
    accelerationInitLong: o.accelerationInitLong,
    accelerationLong: o.accelerationLong,
    accelerationMaxLong: o.accelerationMaxLong,
    accelerationInitShort: o.accelerationInitShort,
    accelerationShort: o.accelerationShort,
    accelerationMaxShort: o.accelerationMaxShort,
  };
  return parabolicSar(high, low, settings, -1);
}
