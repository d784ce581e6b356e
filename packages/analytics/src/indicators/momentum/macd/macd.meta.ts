import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { macd, macdLookback } from './macd.js';

export const MACD_OUTPUTS = [
  { name: 'macd', description: 'Fast MA − slow MA' },
  { name: 'signal', description: 'Moving average of the MACD line' },
  { name: 'hist', description: 'MACD − signal' },
] as const;

export const MACD_META: IndicatorMeta = {
  code: 'macd',
  name: 'Moving Average Convergence/Divergence',
  group: 'momentum',
  aliases: [],
  inputs: ['close'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(12, 2, 'fast_period', 'Fast EMA period'),
    periodParam(26, 2, 'slow_period', 'Slow EMA period'),
    periodParam(9, 1, 'signal_period', 'Signal EMA period'),
  ],
  outputs: MACD_OUTPUTS,
  lookback: (p) =>
    macdLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period'), numParam(p, 'signal_period')),
  variant: 'TA-Lib TA_MACD: SMA-seeded EMAs, fast EMA seeded on the bars ending at the slow seed',
  references: ['TA-Lib ta_MACD.c', 'Appel, Technical Analysis: Power Tools for Active Investors (2005)'],
  compute: (inputs, p) => {
    const r = macd(
      series(inputs, 'close'),
      numParam(p, 'fast_period'),
      numParam(p, 'slow_period'),
      numParam(p, 'signal_period'),
    );
    return { macd: r.macd, signal: r.signal, hist: r.hist };
  },
};
