import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, series } from '../../core/index.js';
import { pvi } from './pvi.js';

export const PVI_META: IndicatorMeta = {
  code: 'pvi',
  name: 'Positive Volume Index',
  group: 'volume',
  aliases: ['positive_volume_index'],
  inputs: ['close', 'volume'],
  params: [floatParam('start', 1000, 1e-12, 1e18, 'Initial index value')],
  outputs: [{ name: 'pvi', description: 'Index compounding price changes on rising-volume bars' }],
  lookback: () => 0,
  variant: 'Fosback PVI, starting at 1000',
  references: ['N. Fosback, Stock Market Logic (1976)'],
  compute: (inputs, p) => ({
    pvi: pvi(series(inputs, 'close'), series(inputs, 'volume'), numParam(p, 'start')),
  }),
};
