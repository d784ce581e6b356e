import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { aroonosc, aroonoscLookback } from './aroonosc.js';

export const AROONOSC_META: IndicatorMeta = {
  code: 'aroonosc',
  name: 'Aroon Oscillator',
  group: 'momentum',
  aliases: ['aroon_oscillator'],
  inputs: ['high', 'low'],
  params: [periodParam(14)],
  outputs: [{ name: 'aroonosc', description: 'Aroon up − Aroon down, −100..100' }],
  lookback: (p) => aroonoscLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_AROONOSC',
  references: ['TA-Lib ta_AROONOSC.c'],
  compute: (inputs, p) => ({
    aroonosc: aroonosc(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
