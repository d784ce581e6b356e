import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { kvo, kvoLookback } from './kvo.js';

export const KVO_META: IndicatorMeta = {
  code: 'kvo',
  name: 'Klinger Volume Oscillator',
  group: 'volume',
  aliases: ['klinger'],
  inputs: ['high', 'low', 'close', 'volume'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(34, 1, 'fast_period', 'Fast EMA period'),
    periodParam(55, 1, 'slow_period', 'Slow EMA period'),
    periodParam(13, 1, 'signal_period', 'Signal EMA period'),
  ],
  outputs: [
    { name: 'kvo', description: 'EMA(fast) − EMA(slow) of the volume force' },
    { name: 'signal', description: 'EMA of the oscillator' },
  ],
  lookback: (p) =>
    kvoLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period'), numParam(p, 'signal_period')),
  variant: 'Stock.Indicators ToKvo: SMA-seeded EMAs from bar 2; both outputs start after the signal warm-up',
  references: ['S. Klinger, TASC (1997)', 'Stock.Indicators ToKvo'],
  compute: (inputs, p) =>
    kvo(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
      numParam(p, 'fast_period'),
      numParam(p, 'slow_period'),
      numParam(p, 'signal_period'),
    ),
};
