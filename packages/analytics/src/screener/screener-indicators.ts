import { numParam, periodParam, series, seriesIndicator, smaInto } from '../indicators/core/index.js';
import type { IndicatorMeta } from '../registry/types.js';

const PERIOD = periodParam(20, 1, 'period', 'Number of bars averaged');

/** Mean of close × volume over the last `period` bars. */
const AVG_DOLLAR_VOLUME: IndicatorMeta = {
  code: 'avg_dollar_volume',
  name: 'Average Dollar Volume',
  group: 'volume',
  aliases: [],
  inputs: ['close', 'volume'],
  params: [PERIOD],
  outputs: [{ name: 'avg_dollar_volume', description: 'Mean of close × volume over the last `period` bars' }],
  lookback: (p) => numParam(p, 'period') - 1,
  variant: 'Arithmetic mean of close × volume (running total, as TA-Lib TA_SMA)',
  references: ['TA-Lib ta_SMA.c (the running total)'],
  compute: (inputs, p) => {
    const close = series(inputs, 'close');
    const volume = series(inputs, 'volume');
    const dollars = new Float64Array(close.length);
    for (let i = 0; i < close.length; i++) dollars[i] = close[i]! * volume[i]!;
    const out = new Float64Array(close.length);
    smaInto(dollars, numParam(p, 'period'), out);
    return { avg_dollar_volume: out };
  },
};

/** Mean of volume over the last `period` bars. */
const AVG_VOLUME = seriesIndicator({
  code: 'avg_volume',
  name: 'Average Volume',
  group: 'volume',
  input: 'volume',
  params: [PERIOD],
  description: 'Mean of volume over the last `period` bars',
  variant: 'Arithmetic mean of volume (running total, as TA-Lib TA_SMA)',
  references: ['TA-Lib ta_SMA.c (the running total)'],
  lookback: (p) => numParam(p, 'period') - 1,
  run: (volume, p) => {
    const out = new Float64Array(volume.length);
    smaInto(volume, numParam(p, 'period'), out);
    return out;
  },
});

/**
 * Fields every screener offers beside the catalogue's indicators, in the same `IndicatorMeta` shape, so
 * they are validated, planned and computed the same way: `avg_dollar_volume(n)` and `avg_volume(n)`.
 * (Change over n bars is the catalogue's `roc(n)` in percent, `rocp(n)` as a fraction, `mom(n)` in price.)
 */
export const SCREENER_INDICATORS: readonly IndicatorMeta[] = [AVG_DOLLAR_VOLUME, AVG_VOLUME];
