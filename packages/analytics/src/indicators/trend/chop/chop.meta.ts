import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { chop, chopLookback } from './chop.js';

export const CHOP_META: IndicatorMeta = {
  code: 'chop',
  name: 'Choppiness Index',
  group: 'trend',
  aliases: ['choppiness', 'choppiness_index'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'chop', description: '100 × log10(ΣTR / true range of the window) / log10(period)' }],
  lookback: (p) => chopLookback(numParam(p, 'period')),
  variant: 'Dreiss choppiness with true high/low (Stock.Indicators ToChop)',
  references: ['E. W. Dreiss', 'Stock.Indicators ToChop'],
  compute: (inputs, p) => ({
    chop: chop(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
