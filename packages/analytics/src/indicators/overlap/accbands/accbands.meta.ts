import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { accbands, accbandsLookback } from './accbands.js';

export const ACCBANDS_META: IndicatorMeta = {
  code: 'accbands',
  name: 'Acceleration Bands',
  group: 'overlap',
  aliases: ['acceleration_bands'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(20)],
  outputs: [
    { name: 'upper', description: 'SMA of high·(1 + 4·(h−l)/(h+l))' },
    { name: 'middle', description: 'SMA of the close' },
    { name: 'lower', description: 'SMA of low·(1 − 4·(h−l)/(h+l))' },
  ],
  lookback: (p) => accbandsLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_ACCBANDS',
  references: ['TA-Lib ta_ACCBANDS.c', 'Headley, Big Trends in Trading (2002)'],
  compute: (inputs, p) => {
    const r = accbands(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
    );
    return { upper: r.upper, middle: r.middle, lower: r.lower };
  },
};
