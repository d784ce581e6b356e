import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { linregLookback } from '../linearreg/linear-regression.js';
import { tsf } from './tsf.js';

export const TSF_META: IndicatorMeta = {
  code: 'tsf',
  name: 'Time Series Forecast',
  group: 'trend',
  aliases: ['time_series_forecast'],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'tsf', description: 'Least-squares line projected one bar ahead' }],
  lookback: (p) => linregLookback(numParam(p, 'period')),
  variant: 'Rolling ordinary least squares over `period` bars, recomputed per window (TA-Lib)',
  references: ['TA-Lib ta_TSF.c'],
  compute: (inputs, p) => ({ tsf: tsf(series(inputs, 'close'), numParam(p, 'period')) }),
};
