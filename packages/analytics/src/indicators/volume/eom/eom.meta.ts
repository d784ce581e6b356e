import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { eom, eomLookback } from './eom.js';

export const EOM_META: IndicatorMeta = {
  code: 'eom',
  name: 'Ease of Movement',
  group: 'volume',
  aliases: ['ease_of_movement', 'emv'],
  inputs: ['high', 'low', 'volume'],
  params: [periodParam(14, 1), floatParam('divisor', 10000, 1e-12, 1e18, 'Volume scale of the box ratio')],
  outputs: [{ name: 'eom', description: 'SMA of divisor × Δmidpoint × (H − L) / volume' }],
  lookback: (p) => eomLookback(numParam(p, 'period')),
  variant: 'Arms ease of movement, SMA-smoothed; zero-volume bars contribute 0',
  references: ['R. Arms, Volume Cycles in the Stock Market (1994)'],
  compute: (inputs, p) => ({
    eom: eom(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'volume'),
      numParam(p, 'period'),
      numParam(p, 'divisor'),
    ),
  }),
};
