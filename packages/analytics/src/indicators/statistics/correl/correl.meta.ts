import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { correl, correlLookback } from './correl.js';

export const CORREL_META: IndicatorMeta = {
  code: 'correl',
  name: "Pearson's Correlation Coefficient (r)",
  group: 'statistics',
  aliases: ['correlation', 'corr'],
  inputs: ['high', 'low'],
  params: [periodParam(30, 1)],
  outputs: [
    { name: 'correl', description: 'Pearson correlation of the two inputs over the last `period` bars' },
  ],
  lookback: (p) => correlLookback(numParam(p, 'period')),
  variant:
    "Running sums (TA-Lib CORREL); 0 when either variance ≈ 0. Inputs default to high/low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_CORREL.c'],
  compute: (inputs, p) => ({
    correl: correl(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
