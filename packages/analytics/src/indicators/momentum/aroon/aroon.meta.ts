import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { aroon, aroonLookback } from './aroon.js';

export const AROON_META: IndicatorMeta = {
  code: 'aroon',
  name: 'Aroon',
  group: 'momentum',
  aliases: [],
  inputs: ['high', 'low'],
  params: [periodParam(14)],
  outputs: [
    { name: 'aroondown', description: '100·(period − bars since the lowest low)/period' },
    { name: 'aroonup', description: '100·(period − bars since the highest high)/period' },
  ],
  lookback: (p) => aroonLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_AROON: window of period+1 bars, ties to the most recent bar',
  references: ['TA-Lib ta_AROON.c', 'Chande, Stocks & Commodities (1995)'],
  compute: (inputs, p) => aroon(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
};
