import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { zscore, zscoreLookback } from './zscore.js';

export const ZSCORE_META: IndicatorMeta = {
  code: 'zscore',
  name: 'Rolling Z-Score',
  group: 'statistics',
  aliases: ['z_score', 'standard_score'],
  inputs: ['close'],
  params: [periodParam(20)],
  outputs: [{ name: 'zscore', description: '(x − window mean) / population σ' }],
  lookback: (p) => zscoreLookback(numParam(p, 'period')),
  variant: 'Population σ (Bollinger z, Stock.Indicators ToBollingerBands zScore); 0 when σ = 0',
  references: ['Stock.Indicators ToBollingerBands'],
  compute: (inputs, p) => ({ zscore: zscore(series(inputs, 'close'), numParam(p, 'period')) }),
};
