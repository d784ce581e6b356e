import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { beta, betaLookback } from './beta.js';

export const BETA_META: IndicatorMeta = {
  code: 'beta',
  name: 'Beta',
  group: 'statistics',
  aliases: [],
  inputs: ['high', 'low'],
  params: [periodParam(5, 1)],
  outputs: [
    {
      name: 'beta',
      description: "Slope of the second input's simple returns on the first input's (market) returns",
    },
  ],
  lookback: (p) => betaLookback(numParam(p, 'period')),
  variant:
    "TA-Lib BETA: least squares over `period` simple returns, market = first input (inReal0); 0 when market variance ≈ 0. Inputs default to high/low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_BETA.c'],
  compute: (inputs, p) => ({
    beta: beta(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
