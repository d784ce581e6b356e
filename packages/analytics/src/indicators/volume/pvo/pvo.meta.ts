import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { pvo, pvoLookback } from './pvo.js';

export const PVO_META: IndicatorMeta = {
  code: 'pvo',
  name: 'Percentage Volume Oscillator',
  group: 'volume',
  aliases: ['percentage_volume_oscillator'],
  inputs: ['volume'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(12, 1, 'fast_period', 'Fast EMA period'),
    periodParam(26, 1, 'slow_period', 'Slow EMA period'),
    periodParam(9, 1, 'signal_period', 'Signal EMA period'),
  ],
  outputs: [
    { name: 'pvo', description: '100 × (EMA(fast) − EMA(slow)) / EMA(slow) of volume' },
    { name: 'signal', description: 'EMA of pvo' },
    { name: 'histogram', description: 'pvo − signal' },
  ],
  lookback: (p) =>
    pvoLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period'), numParam(p, 'signal_period')),
  variant: 'Stock.Indicators ToPvo: SMA-seeded EMAs; all outputs start after the signal warm-up',
  references: ['Stock.Indicators ToPvo'],
  compute: (inputs, p) =>
    pvo(
      series(inputs, 'volume'),
      numParam(p, 'fast_period'),
      numParam(p, 'slow_period'),
      numParam(p, 'signal_period'),
    ),
};
