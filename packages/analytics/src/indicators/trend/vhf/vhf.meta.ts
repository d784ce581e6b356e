import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { vhf, vhfLookback } from './vhf.js';

export const VHF_META: IndicatorMeta = {
  code: 'vhf',
  name: 'Vertical Horizontal Filter',
  group: 'trend',
  aliases: ['vertical_horizontal_filter'],
  inputs: ['close'],
  params: [periodParam(28)],
  outputs: [{ name: 'vhf', description: '(highest − lowest close) / Σ|Δclose| over the window' }],
  lookback: (p) => vhfLookback(numParam(p, 'period')),
  variant: 'White VHF on closes; 0 when the closes never move',
  references: ['A. White, Futures (1991)'],
  compute: (inputs, p) => ({ vhf: vhf(series(inputs, 'close'), numParam(p, 'period')) }),
};
