import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { ui, uiLookback } from './ui.js';

export const UI_META: IndicatorMeta = {
  code: 'ui',
  name: 'Ulcer Index',
  group: 'volatility',
  aliases: ['ulcer', 'ulcer_index'],
  inputs: ['close'],
  params: [periodParam(14, 1)],
  outputs: [{ name: 'ui', description: 'RMS percent drawdown within the window' }],
  lookback: (p) => uiLookback(numParam(p, 'period')),
  variant: 'Drawdowns from the highest close since the window start (Stock.Indicators ToUlcerIndex)',
  references: ["P. Martin, The Investor's Guide to Fidelity Funds (1989)", 'Stock.Indicators ToUlcerIndex'],
  compute: (inputs, p) => ({ ui: ui(series(inputs, 'close'), numParam(p, 'period')) }),
};
