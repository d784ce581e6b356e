import { nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

export type AlligatorPeriods = {
  readonly jawPeriod: number;
  readonly jawOffset: number;
  readonly teethPeriod: number;
  readonly teethOffset: number;
  readonly lipsPeriod: number;
  readonly lipsOffset: number;
};

export const ALLIGATOR_DEFAULTS: AlligatorPeriods = {
  jawPeriod: 13,
  jawOffset: 8,
  teethPeriod: 8,
  teethOffset: 5,
  lipsPeriod: 5,
  lipsOffset: 3,
};

/** Lookback of `alligator`: the latest-starting line, max(period − 1 + offset). */
export function alligatorLookback(p: AlligatorPeriods = ALLIGATOR_DEFAULTS): number {
  return Math.max(
    p.jawPeriod - 1 + p.jawOffset,
    p.teethPeriod - 1 + p.teethOffset,
    p.lipsPeriod - 1 + p.lipsOffset,
  );
}

/**
 * SMMA (Wilder: SMA seed, then alpha 1/period — core `wilderInto`'s operations) of the median price,
 * written `offset` bars ahead; bars before `from` stay NaN. One pass, no intermediate arrays.
 */
function shiftedSmma(
  high: Float64Array,
  low: Float64Array,
  period: number,
  offset: number,
  from: number,
): Float64Array {
  const n = high.length;
  const out = nanArray(n);
  const alpha = 1 / period;
  let s = 0;
  for (let i = 0; i + offset < n; i++) {
    const m = (high[i] + low[i]) / 2;
    if (i < period - 1) {
      s += m;
      continue;
    }
    s = i === period - 1 ? (s + m) / period : (m - s) * alpha + s;
    if (i + offset >= from) out[i + offset] = s;
  }
  return out;
}

/**
 * Williams alligator (B. Williams; Stock.Indicators `ToAlligator`): jaw, teeth and lips are smoothed
 * moving averages (Wilder, SMA-seeded) of the median price (H+L)/2 over 13/8/5 bars, plotted 8/5/3
 * bars ahead — the value at bar t was computed at t − offset, so nothing looks ahead.
 */
export function alligator(
  high: Float64Array,
  low: Float64Array,
  periods: Partial<AlligatorPeriods> = {},
): { jaw: Float64Array; teeth: Float64Array; lips: Float64Array } {
  requireSameLength(high, low);
  const p = { ...ALLIGATOR_DEFAULTS, ...periods };
  for (const k of ['jawPeriod', 'teethPeriod', 'lipsPeriod'] as const) requireInt(k, p[k], 1, 100000);
  for (const k of ['jawOffset', 'teethOffset', 'lipsOffset'] as const) requireInt(k, p[k], 0, 100000);
  const lb = alligatorLookback(p);
  return {
    jaw: shiftedSmma(high, low, p.jawPeriod, p.jawOffset, lb),
    teeth: shiftedSmma(high, low, p.teethPeriod, p.teethOffset, lb),
    lips: shiftedSmma(high, low, p.lipsPeriod, p.lipsOffset, lb),
  };
}
