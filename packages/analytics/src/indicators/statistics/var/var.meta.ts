import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { variance, varLookback } from './var.js';

export const VAR_META: IndicatorMeta = {
  code: 'var',
  name: 'Variance',
  group: 'statistics',
  aliases: ['variance'],
  inputs: ['close'],
  params: [periodParam(5, 1)],
  outputs: [{ name: 'var', description: 'Population variance of the last `period` values' }],
  lookback: (p) => varLookback(numParam(p, 'period')),
  variant:
    'Population variance E[x²]−E[x]² with running sums (TA-Lib VAR; nbdev is ignored by TA-Lib and not offered)',
  references: ['TA-Lib ta_VAR.c'],
  compute: (inputs, p) => ({ var: variance(series(inputs, 'close'), numParam(p, 'period')) }),
};
