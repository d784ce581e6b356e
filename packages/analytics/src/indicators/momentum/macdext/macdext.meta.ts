import type { IndicatorMeta, ParamValues } from '../../../registry/types.js';
import { enumValue, numParam, periodParam, series } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { MACD_OUTPUTS } from '../macd/macd.meta.js';
import { type MacdExtOptions, macdext, macdextLookback } from './macdext.js';

function options(p: ParamValues): MacdExtOptions {
  return {
    fastPeriod: numParam(p, 'fast_period'),
    fastType: asMaType(enumValue(p, 'fast_ma_type')),
    slowPeriod: numParam(p, 'slow_period'),
    slowType: asMaType(enumValue(p, 'slow_ma_type')),
    signalPeriod: numParam(p, 'signal_period'),
    signalType: asMaType(enumValue(p, 'signal_ma_type')),
  };
}

export const MACDEXT_META: IndicatorMeta = {
  code: 'macdext',
  name: 'MACD with controllable MA types',
  group: 'momentum',
  aliases: [],
  inputs: ['close'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(12, 2, 'fast_period', 'Fast MA period'),
    maTypeParam('fast_ma_type', 'sma', 'Fast moving average'),
    periodParam(26, 2, 'slow_period', 'Slow MA period'),
    maTypeParam('slow_ma_type', 'sma', 'Slow moving average'),
    periodParam(9, 1, 'signal_period', 'Signal MA period'),
    maTypeParam('signal_ma_type', 'sma', 'Signal moving average'),
  ],
  outputs: MACD_OUTPUTS,
  lookback: (p) => macdextLookback(options(p)),
  variant: 'TA-Lib TA_MACDEXT (TA-Lib defaults: SMA for all three)',
  references: ['TA-Lib ta_MACDEXT.c'],
  compute: (inputs, p) => {
    const r = macdext(series(inputs, 'close'), options(p));
    return { macd: r.macd, signal: r.signal, hist: r.hist };
  },
};
