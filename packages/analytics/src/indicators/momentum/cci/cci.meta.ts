import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { cci, cciLookback } from './cci.js';

export const CCI_META: IndicatorMeta = {
  code: 'cci',
  name: 'Commodity Channel Index',
  group: 'momentum',
  aliases: ['commodity_channel_index'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'cci', description: '(tp − mean)/(0.015·mean deviation)' }],
  lookback: (p) => cciLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_CCI: typical price, constant 0.015, mean absolute deviation',
  references: ['TA-Lib ta_CCI.c', 'Lambert, Commodities magazine (1980)'],
  compute: (inputs, p) => ({
    cci: cci(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
