export * from './candle-direction.js';
export {
  CANDLE_RANGE_TYPES,
  CANDLE_SETTING_NAMES,
  type CandleRangeType,
  type CandleSetting,
  type CandleSettingName,
  type CandleSettingOverrides,
  type CandleSettings,
  DEFAULT_CANDLE_SETTINGS,
  resolveCandleSettings,
} from './candle-settings.js';
export * from './candles.js';
export * from './candlestick-definitions.js';
export * from './candlestick-pattern.js';
export type { CandlestickResult } from './candlestick-result.js';
export * from './cdl2crows.js';
export * from './cdl3blackcrows.js';
export * from './cdl3inside.js';
export * from './cdl3linestrike.js';
export * from './cdl3outside.js';
export * from './cdl3starsinsouth.js';
export * from './cdl3whitesoldiers.js';
export * from './cdlabandonedbaby.js';
export * from './cdladvanceblock.js';
export * from './cdlbelthold.js';
export * from './cdlbreakaway.js';
export * from './cdlclosingmarubozu.js';
export * from './cdlconcealbabyswall.js';
export * from './cdlcounterattack.js';
export * from './cdldarkcloudcover.js';
export * from './cdldoji.js';
export * from './cdldojistar.js';
export * from './cdldragonflydoji.js';
export * from './cdlengulfing.js';
export * from './cdleveningdojistar.js';
export * from './cdleveningstar.js';
export * from './cdlgapsidesidewhite.js';
export * from './cdlgravestonedoji.js';
export * from './cdlhammer.js';
export * from './cdlhangingman.js';
export * from './cdlharami.js';
export * from './cdlharamicross.js';
export * from './cdlhighwave.js';
export * from './cdlhikkake.js';
export * from './cdlhikkakemod.js';
export * from './cdlhomingpigeon.js';
export * from './cdlidentical3crows.js';
export * from './cdlinneck.js';
export * from './cdlinvertedhammer.js';
export * from './cdlkicking.js';
export * from './cdlkickingbylength.js';
export * from './cdlladderbottom.js';
export * from './cdllongleggeddoji.js';
export * from './cdllongline.js';
export * from './cdlmarubozu.js';
export * from './cdlmatchinglow.js';
export * from './cdlmathold.js';
export * from './cdlmorningdojistar.js';
export * from './cdlmorningstar.js';
export * from './cdlonneck.js';
export * from './cdlpiercing.js';
export * from './cdlrickshawman.js';
export * from './cdlrisefall3methods.js';
export * from './cdlseparatinglines.js';
export * from './cdlshootingstar.js';
export * from './cdlshortline.js';
export * from './cdlspinningtop.js';
export * from './cdlstalledpattern.js';
export * from './cdlsticksandwich.js';
export * from './cdltakuri.js';
export * from './cdltasukigap.js';
export * from './cdlthrusting.js';
export * from './cdltristar.js';
export * from './cdlunique3river.js';
export * from './cdlupsidegap2crows.js';
export * from './cdlxsidegap3methods.js';
export { CANDLESTICK_FAMILY } from './family.js';
export * from './registry.js';
