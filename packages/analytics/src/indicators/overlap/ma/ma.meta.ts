import { enumParam, enumValue, intParam, MAX_PERIOD, numParam, seriesIndicator } from '../../core/index.js';
import { asMaType, MA_TYPES, maLookback, movingAverage } from './ma.js';

/** The `ma_type` parameter shared by every indicator that lets the caller pick its smoothing. */
export function maTypeParam(name = 'ma_type', defaultValue = 'sma', description = 'Moving-average type') {
  return enumParam(name, defaultValue, MA_TYPES, `${description} (TA-Lib MAType order)`);
}

export const MA_META = seriesIndicator({
  code: 'ma',
  name: 'Moving Average (any type)',
  group: 'overlap',
  aliases: ['moving_average'],
  params: [intParam('period', 30, 1, MAX_PERIOD, 'Number of bars in the window'), maTypeParam()],
  description: 'Moving average of the chosen type',
  variant: 'TA-Lib TA_MA dispatch; MAMA uses limits 0.5/0.05 and T3 v-factor 0.7; period 1 is the input',
  references: ['TA-Lib ta_MA.c'],
  lookback: (p) => maLookback(numParam(p, 'period'), asMaType(enumValue(p, 'ma_type'))),
  run: (x, p) => movingAverage(x, numParam(p, 'period'), asMaType(enumValue(p, 'ma_type'))),
});
