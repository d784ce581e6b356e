import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { MACD_OUTPUTS } from '../macd/macd.meta.js';
import { macdfix, macdfixLookback } from './macdfix.js';

export const MACDFIX_META: IndicatorMeta = {
  code: 'macdfix',
  name: 'MACD Fix 12/26',
  group: 'momentum',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(9, 1, 'signal_period', 'Signal EMA period')],
  outputs: MACD_OUTPUTS,
  lookback: (p) => macdfixLookback(numParam(p, 'signal_period')),
  variant: 'TA-Lib TA_MACDFIX: alphas fixed at 0.15 (fast) and 0.075 (slow)',
  references: ['TA-Lib ta_MACDFIX.c'],
  compute: (inputs, p) => {
    const r = macdfix(series(inputs, 'close'), numParam(p, 'signal_period'));
    return { macd: r.macd, signal: r.signal, hist: r.hist };
  },
};
