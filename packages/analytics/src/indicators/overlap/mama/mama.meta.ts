import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, series } from '../../core/index.js';
import { MAMA_LOOKBACK, mama } from './mama.js';

export const MAMA_META: IndicatorMeta = {
  code: 'mama',
  name: 'MESA Adaptive Moving Average',
  group: 'overlap',
  aliases: [],
  inputs: ['close'],
  params: [
    floatParam('fast_limit', 0.5, 0.01, 0.99, 'Upper limit of the adaptive alpha'),
    floatParam('slow_limit', 0.05, 0.01, 0.99, 'Lower limit of the adaptive alpha'),
  ],
  outputs: [
    { name: 'mama', description: 'MESA adaptive moving average' },
    { name: 'fama', description: 'Following adaptive moving average (alpha/2 on MAMA)' },
  ],
  lookback: () => MAMA_LOOKBACK,
  variant: 'Ehlers homodyne discriminator, port of TA-Lib TA_MAMA (lookback 32)',
  references: ['TA-Lib ta_MAMA.c', 'Ehlers, "MESA Adaptive Moving Averages", Stocks & Commodities, Sep 2001'],
  compute: (inputs, p) => {
    const r = mama(series(inputs, 'close'), numParam(p, 'fast_limit'), numParam(p, 'slow_limit'));
    return { mama: r.mama, fama: r.fama };
  },
};
