import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { elderRay, elderRayLookback } from './elder_ray.js';

export const ELDER_RAY_META: IndicatorMeta = {
  code: 'elder_ray',
  name: 'Elder-Ray Index',
  group: 'trend',
  aliases: ['elder', 'bull_bear_power', 'elderray'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(13, 1)],
  outputs: [
    { name: 'bull', description: 'high − EMA(close)' },
    { name: 'bear', description: 'low − EMA(close)' },
  ],
  lookback: (p) => elderRayLookback(numParam(p, 'period')),
  variant: 'SMA-seeded EMA (Stock.Indicators ToElderRay)',
  references: ['A. Elder, Trading for a Living (1993)', 'Stock.Indicators ToElderRay'],
  compute: (inputs, p) =>
    elderRay(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
};
