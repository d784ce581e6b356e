import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { adosc, adoscLookback } from './adosc.js';

export const ADOSC_META: IndicatorMeta = {
  code: 'adosc',
  name: 'Chaikin A/D Oscillator',
  group: 'volume',
  aliases: ['chaikin_oscillator', 'chaikin_osc'],
  inputs: ['high', 'low', 'close', 'volume'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(3, 2, 'fast_period', 'Fast EMA period'),
    periodParam(10, 2, 'slow_period', 'Slow EMA period'),
  ],
  outputs: [{ name: 'adosc', description: 'EMA(fast) − EMA(slow) of the A/D line' }],
  lookback: (p) => adoscLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period')),
  variant:
    'TA-Lib ADOSC: EMAs seeded with the first A/D value (Stock.Indicators seeds with an SMA; identical after convergence)',
  references: ['TA-Lib ta_ADOSC.c', 'M. Chaikin'],
  compute: (inputs, p) => ({
    adosc: adosc(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
      numParam(p, 'fast_period'),
      numParam(p, 'slow_period'),
    ),
  }),
};
