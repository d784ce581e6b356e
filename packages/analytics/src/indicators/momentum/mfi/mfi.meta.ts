import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { mfi, mfiLookback } from './mfi.js';

export const MFI_META: IndicatorMeta = {
  code: 'mfi',
  name: 'Money Flow Index',
  group: 'momentum',
  aliases: ['money_flow_index'],
  inputs: ['high', 'low', 'close', 'volume'],
  params: [periodParam(14)],
  outputs: [{ name: 'mfi', description: 'Volume-weighted RSI of the typical price, 0..100' }],
  lookback: (p) => mfiLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_MFI: unchanged typical price adds to neither flow; 0 when total flow < 1',
  references: ['TA-Lib ta_MFI.c', 'Quong & Soudack, Stocks & Commodities (1989)'],
  compute: (inputs, p) => ({
    mfi: mfi(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
      numParam(p, 'period'),
    ),
  }),
};
