import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { obv } from './obv.js';

export const OBV_META: IndicatorMeta = {
  code: 'obv',
  name: 'On Balance Volume',
  group: 'volume',
  aliases: ['on_balance_volume'],
  inputs: ['close', 'volume'],
  params: [],
  outputs: [
    { name: 'obv', description: "Running total of signed volume, starting at the first bar's volume" },
  ],
  lookback: () => 0,
  variant: 'TA-Lib OBV (starts at volume[0]; Stock.Indicators starts at 0 — a constant offset)',
  references: ['TA-Lib ta_OBV.c', 'J. Granville (1963)'],
  compute: (inputs) => ({ obv: obv(series(inputs, 'close'), series(inputs, 'volume')) }),
};
