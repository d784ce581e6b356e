import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { hv, hvLookback } from './hv.js';

export const HV_META: IndicatorMeta = {
  code: 'hv',
  name: 'Historical Volatility',
  group: 'volatility',
  aliases: ['historical_volatility', 'close_to_close_volatility'],
  inputs: ['close'],
  params: [
    periodParam(20),
    floatParam('annualization', 252, 1, 1e6, 'Periods per year used to annualise (252 trading days)'),
  ],
  outputs: [{ name: 'hv', description: 'Annualised σ of log returns, percent' }],
  lookback: (p) => hvLookback(numParam(p, 'period')),
  variant: 'Sample (n−1) standard deviation of `period` log returns × √annualization × 100',
  references: ['Hull, Options, Futures and Other Derivatives §15.4'],
  compute: (inputs, p) => ({
    hv: hv(series(inputs, 'close'), numParam(p, 'period'), numParam(p, 'annualization')),
  }),
};
