import type { IndicatorMeta } from '../../../registry/types.js';
import { intParam, numParam, series } from '../../core/index.js';
import { vwap } from './vwap.js';

export const VWAP_META: IndicatorMeta = {
  code: 'vwap',
  name: 'Volume Weighted Average Price',
  group: 'volume',
  aliases: ['volume_weighted_average_price'],
  inputs: ['high', 'low', 'close', 'volume'],
  params: [
    intParam(
      'reset_every',
      0,
      0,
      100000000,
      'Restart the cumulation every this many bars (e.g. 390 one-minute bars per session); 0 = cumulative from the first bar',
    ),
  ],
  outputs: [{ name: 'vwap', description: 'Σ typical price × volume / Σ volume since the anchor' }],
  lookback: () => 0,
  variant:
    'Typical price (H+L+C)/3, cumulative from the first bar or every `reset_every` bars; the batch function also takes explicit session anchors',
  references: ['Stock.Indicators ToVwap'],
  compute: (inputs, p) => ({
    vwap: vwap(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
      numParam(p, 'reset_every'),
    ),
  }),
};
