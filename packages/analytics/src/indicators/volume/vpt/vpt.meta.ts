import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { vpt } from './vpt.js';

export const VPT_META: IndicatorMeta = {
  code: 'vpt',
  name: 'Volume Price Trend',
  group: 'volume',
  aliases: ['volume_price_trend', 'pvt'],
  inputs: ['close', 'volume'],
  params: [],
  outputs: [{ name: 'vpt', description: 'Running total of volume × fractional close change' }],
  lookback: () => 0,
  variant: 'Cumulative from 0 at the first bar',
  references: ['S. Achelis, Technical Analysis from A to Z'],
  compute: (inputs) => ({ vpt: vpt(series(inputs, 'close'), series(inputs, 'volume')) }),
};
