import type { IndicatorMeta } from '../../../registry/types.js';
import { intParam, MAX_PERIOD, numParam, periodParam, series } from '../../core/index.js';
import { ichimoku, ichimokuLookback } from './ichimoku.js';

export const ICHIMOKU_META: IndicatorMeta = {
  code: 'ichimoku',
  name: 'Ichimoku Cloud',
  group: 'trend',
  aliases: ['ichimoku_kinko_hyo'],
  inputs: ['high', 'low'],
  params: [
    periodParam(9, 1, 'tenkan_period', 'Conversion line window'),
    periodParam(26, 1, 'kijun_period', 'Base line window'),
    periodParam(52, 1, 'senkou_b_period', 'Leading span B window'),
    intParam('displacement', 26, 0, MAX_PERIOD, 'Bars the leading spans are plotted ahead'),
  ],
  outputs: [
    { name: 'tenkan', description: 'Conversion line' },
    { name: 'kijun', description: 'Base line' },
    { name: 'senkou_a', description: 'Leading span A, computed displacement bars earlier' },
    { name: 'senkou_b', description: 'Leading span B, computed displacement bars earlier' },
  ],
  lookback: (p) =>
    ichimokuLookback(
      numParam(p, 'tenkan_period'),
      numParam(p, 'kijun_period'),
      numParam(p, 'senkou_b_period'),
      numParam(p, 'displacement'),
    ),
  variant:
    'Hosoda lines; leading spans displaced forward (causal); no chikou span (it would need future closes); one lookback for all lines',
  references: ['G. Hosoda (1969)', 'Stock.Indicators ToIchimoku'],
  compute: (inputs, p) =>
    ichimoku(
      series(inputs, 'high'),
      series(inputs, 'low'),
      numParam(p, 'tenkan_period'),
      numParam(p, 'kijun_period'),
      numParam(p, 'senkou_b_period'),
      numParam(p, 'displacement'),
    ),
};
