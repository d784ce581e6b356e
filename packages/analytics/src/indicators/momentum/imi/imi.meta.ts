import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { imi, imiLookback } from './imi.js';

export const IMI_META: IndicatorMeta = {
  code: 'imi',
  name: 'Intraday Momentum Index',
  group: 'momentum',
  aliases: ['intraday_momentum_index'],
  inputs: ['open', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'imi', description: 'Share of up-bar bodies in all bodies over the window, 0..100' }],
  lookback: (p) => imiLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_IMI (0 instead of NaN for an all-doji window)',
  references: ['TA-Lib ta_IMI.c', 'Chande & Kroll, The New Technical Trader (1994)'],
  compute: (inputs, p) => ({
    imi: imi(series(inputs, 'open'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
