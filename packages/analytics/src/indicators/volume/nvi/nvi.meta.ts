import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, series } from '../../core/index.js';
import { nvi } from './nvi.js';

export const NVI_META: IndicatorMeta = {
  code: 'nvi',
  name: 'Negative Volume Index',
  group: 'volume',
  aliases: ['negative_volume_index'],
  inputs: ['close', 'volume'],
  params: [floatParam('start', 1000, 1e-12, 1e18, 'Initial index value')],
  outputs: [{ name: 'nvi', description: 'Index compounding price changes on falling-volume bars' }],
  lookback: () => 0,
  variant: 'Fosback NVI, starting at 1000',
  references: ['N. Fosback, Stock Market Logic (1976)'],
  compute: (inputs, p) => ({
    nvi: nvi(series(inputs, 'close'), series(inputs, 'volume'), numParam(p, 'start')),
  }),
};
