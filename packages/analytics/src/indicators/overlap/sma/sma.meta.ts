import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { sma, smaLookback } from './sma.js';

export const SMA_META: IndicatorMeta = {
  code: 'sma',
  name: 'Simple Moving Average',
  group: 'overlap',
  aliases: ['simple_moving_average'],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [{ name: 'sma', description: 'Mean of the last `period` closes' }],
  lookback: (p) => smaLookback(numParam(p, 'period')),
  variant: 'Arithmetic mean (TA-Lib TA_SMA)',
  references: ['TA-Lib ta_SMA.c'],
  compute: (inputs, p) => ({ sma: sma(series(inputs, 'close'), numParam(p, 'period')) }),
};
