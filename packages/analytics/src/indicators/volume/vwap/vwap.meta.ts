import type { IndicatorMeta } from '../../../registry/types.js';
import { intParam, numParam, series } from '../../core/index.js';
import { rollingVwap, rollingVwapLookback, vwap } from './vwap.js';

/**
 * On daily bars a VWAP cumulated from the first stored bar averages years of prices (issue #26), so the
 * default is a rolling window of `period` = 20 sessions, about the month TradingView's Rolling VWAP uses
 * on daily charts; `reset_every` still selects the anchored form (e.g. 390 one-minute bars a session),
 * and `period=0` with `reset_every=0` the cumulative one.
 */
export const VWAP_META: IndicatorMeta = {
  code: 'vwap',
  name: 'Volume Weighted Average Price',
  group: 'volume',
  aliases: ['volume_weighted_average_price'],
  inputs: ['high', 'low', 'close', 'volume'],
  params: [
    intParam(
      'reset_every',
      0,
      0,
      100000000,
      'Anchored VWAP restarting every this many bars (e.g. 390 one-minute bars per session); when > 0, `period` is not used. 0 = not anchored (see `period`)',
    ),
    intParam(
      'period',
      20,
      0,
      100000,
      'With reset_every = 0: bars in the rolling window (default 20 sessions, about a month on daily bars); 0 = cumulative from the first bar of the history',
    ),
  ],
  outputs: [
    { name: 'vwap', description: 'Σ typical price × volume / Σ volume over the window or since the anchor' },
  ],
  lookback: (p) =>
    numParam(p, 'reset_every') === 0 && numParam(p, 'period') > 0
      ? rollingVwapLookback(numParam(p, 'period'))
      : 0,
  variant:
    'Typical price (H+L+C)/3; by default over a rolling window of `period` bars, else cumulative from the first bar or every `reset_every` bars; the batch function also takes explicit session anchors',
  references: ['Stock.Indicators ToVwap', 'TradingView Rolling VWAP'],
  compute: (inputs, p) => {
    const [h, l, c, v] = [
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
    ];
    const resetEvery = numParam(p, 'reset_every');
    const period = numParam(p, 'period');
    return {
      vwap: resetEvery === 0 && period > 0 ? rollingVwap(h, l, c, v, period) : vwap(h, l, c, v, resetEvery),
    };
  },
};
