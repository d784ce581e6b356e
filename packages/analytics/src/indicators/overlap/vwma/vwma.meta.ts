import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { vwma, vwmaLookback } from './vwma.js';

export const VWMA_META: IndicatorMeta = {
  code: 'vwma',
  name: 'Volume Weighted Moving Average',
  group: 'overlap',
  aliases: ['volume_weighted_moving_average'],
  inputs: ['close', 'volume'],
  params: [periodParam(20, 1)],
  outputs: [{ name: 'vwma', description: 'Σ(close·volume)/Σ volume over the window' }],
  lookback: (p) => vwmaLookback(numParam(p, 'period')),
  variant: 'Plain rolling sums; 0 when the window has no volume',
  references: ['Stock.Indicators ToVwma'],
  compute: (inputs, p) => ({
    vwma: vwma(series(inputs, 'close'), series(inputs, 'volume'), numParam(p, 'period')),
  }),
};
