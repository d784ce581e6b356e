import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { vortex, vortexLookback } from './vortex.js';

export const VORTEX_META: IndicatorMeta = {
  code: 'vortex',
  name: 'Vortex Indicator',
  group: 'trend',
  aliases: ['vi'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14, 1)],
  outputs: [
    { name: 'plus', description: 'VI+ = Σ|H − previous L| / ΣTR' },
    { name: 'minus', description: 'VI− = Σ|L − previous H| / ΣTR' },
  ],
  lookback: (p) => vortexLookback(numParam(p, 'period')),
  variant: 'Botes & Siepman vortex (Stock.Indicators ToVortex)',
  references: ['E. Botes, D. Siepman, TASC (2010)', 'Stock.Indicators ToVortex'],
  compute: (inputs, p) =>
    vortex(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
};
