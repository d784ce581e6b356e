import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { ultosc, ultoscLookback } from './ultosc.js';

export const ULTOSC_META: IndicatorMeta = {
  code: 'ultosc',
  name: 'Ultimate Oscillator',
  group: 'momentum',
  aliases: ['ultimate_oscillator', 'uo'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(7, 1, 'period1', 'Shortest window (weight 4)'),
    periodParam(14, 1, 'period2', 'Middle window (weight 2)'),
    periodParam(28, 1, 'period3', 'Longest window (weight 1)'),
  ],
  outputs: [{ name: 'ultosc', description: 'Weighted buying pressure over three windows, 0..100' }],
  lookback: (p) => ultoscLookback(numParam(p, 'period1'), numParam(p, 'period2'), numParam(p, 'period3')),
  variant: 'TA-Lib TA_ULTOSC (periods sorted; weights 4/2/1)',
  references: ['TA-Lib ta_ULTOSC.c', 'Williams, Stocks & Commodities (1985)'],
  compute: (inputs, p) => ({
    ultosc: ultosc(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period1'),
      numParam(p, 'period2'),
      numParam(p, 'period3'),
    ),
  }),
};
