import { fillNaN, firstFinite, nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';
import type { MacdLines } from '../macd/macd-lines.js';

export interface MacdExtOptions {
  fastPeriod: number;
  fastType: MaType;
  slowPeriod: number;
  slowType: MaType;
  signalPeriod: number;
  signalType: MaType;
}

const DEFAULTS: MacdExtOptions = {
  fastPeriod: 12,
  fastType: 'sma',
  slowPeriod: 26,
  slowType: 'sma',
  signalPeriod: 9,
  signalType: 'sma',
};

/** Leading NaN bars of `macdext`. */
export function macdextLookback(o: MacdExtOptions): number {
  return (
    Math.max(maLookback(o.fastPeriod, o.fastType), maLookback(o.slowPeriod, o.slowType)) +
    maLookback(o.signalPeriod, o.signalType)
  );
}

/**
 * MACD with selectable moving averages (TA-Lib `TA_MACDEXT`): both MAs are seeded so that they begin
 * at the larger of their lookbacks (as TA-Lib computing each from that start); periods and types are
 * swapped when slow < fast. Leading NaNs are skipped.
 */
export function macdext(values: Float64Array, options: Partial<MacdExtOptions> = {}): MacdLines {
  let o = { ...DEFAULTS, ...options };
  if (o.slowPeriod < o.fastPeriod) {
    o = {
      ...o,
      fastPeriod: o.slowPeriod,
      fastType: o.slowType,
      slowPeriod: o.fastPeriod,
      slowType: o.fastType,
    };
  }
  const n = values.length;
  const start = firstFinite(values);
  const lbFast = maLookback(o.fastPeriod, o.fastType);
  const lbSlow = maLookback(o.slowPeriod, o.slowType);
  const largest = Math.max(lbFast, lbSlow);
  const macd = nanArray(n);
  const slow = new Float64Array(n);
  movingAverageInto(values, o.fastPeriod, o.fastType, macd, Math.min(start + largest - lbFast, n));
  movingAverageInto(values, o.slowPeriod, o.slowType, slow, Math.min(start + largest - lbSlow, n));
  const m0 = Math.min(start + largest, n);
  for (let i = m0; i < n; i++) macd[i] = macd[i]! - slow[i]!;
  const signal = nanArray(n);
  const first = movingAverageInto(macd, o.signalPeriod, o.signalType, signal, m0);
  fillNaN(macd, 0, first);
  fillNaN(signal, 0, first);
  const hist = nanArray(n);
  for (let i = first; i < n; i++) hist[i] = macd[i]! - signal[i]!;
  return { macd, signal, hist };
}
