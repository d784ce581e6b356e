import type { CandlestickPattern } from './candlestick-pattern.js';
import { CDL2CROWS } from './cdl2crows.js';
import { CDL3BLACKCROWS } from './cdl3blackcrows.js';
import { CDL3INSIDE } from './cdl3inside.js';
import { CDL3LINESTRIKE } from './cdl3linestrike.js';
import { CDL3OUTSIDE } from './cdl3outside.js';
import { CDL3STARSINSOUTH } from './cdl3starsinsouth.js';
import { CDL3WHITESOLDIERS } from './cdl3whitesoldiers.js';
import { CDLABANDONEDBABY } from './cdlabandonedbaby.js';
import { CDLADVANCEBLOCK } from './cdladvanceblock.js';
import { CDLBELTHOLD } from './cdlbelthold.js';
import { CDLBREAKAWAY } from './cdlbreakaway.js';
import { CDLCLOSINGMARUBOZU } from './cdlclosingmarubozu.js';
import { CDLCONCEALBABYSWALL } from './cdlconcealbabyswall.js';
import { CDLCOUNTERATTACK } from './cdlcounterattack.js';
import { CDLDARKCLOUDCOVER } from './cdldarkcloudcover.js';
import { CDLDOJI } from './cdldoji.js';
import { CDLDOJISTAR } from './cdldojistar.js';
import { CDLDRAGONFLYDOJI } from './cdldragonflydoji.js';
import { CDLENGULFING } from './cdlengulfing.js';
import { CDLEVENINGDOJISTAR } from './cdleveningdojistar.js';
import { CDLEVENINGSTAR } from './cdleveningstar.js';
import { CDLGAPSIDESIDEWHITE } from './cdlgapsidesidewhite.js';
import { CDLGRAVESTONEDOJI } from './cdlgravestonedoji.js';
import { CDLHAMMER } from './cdlhammer.js';
import { CDLHANGINGMAN } from './cdlhangingman.js';
import { CDLHARAMI } from './cdlharami.js';
import { CDLHARAMICROSS } from './cdlharamicross.js';
import { CDLHIGHWAVE } from './cdlhighwave.js';
import { CDLHIKKAKE } from './cdlhikkake.js';
import { CDLHIKKAKEMOD } from './cdlhikkakemod.js';
import { CDLHOMINGPIGEON } from './cdlhomingpigeon.js';
import { CDLIDENTICAL3CROWS } from './cdlidentical3crows.js';
import { CDLINNECK } from './cdlinneck.js';
import { CDLINVERTEDHAMMER } from './cdlinvertedhammer.js';
import { CDLKICKING } from './cdlkicking.js';
import { CDLKICKINGBYLENGTH } from './cdlkickingbylength.js';
import { CDLLADDERBOTTOM } from './cdlladderbottom.js';
import { CDLLONGLEGGEDDOJI } from './cdllongleggeddoji.js';
import { CDLLONGLINE } from './cdllongline.js';
import { CDLMARUBOZU } from './cdlmarubozu.js';
import { CDLMATCHINGLOW } from './cdlmatchinglow.js';
import { CDLMATHOLD } from './cdlmathold.js';
import { CDLMORNINGDOJISTAR } from './cdlmorningdojistar.js';
import { CDLMORNINGSTAR } from './cdlmorningstar.js';
import { CDLONNECK } from './cdlonneck.js';
import { CDLPIERCING } from './cdlpiercing.js';
import { CDLRICKSHAWMAN } from './cdlrickshawman.js';
import { CDLRISEFALL3METHODS } from './cdlrisefall3methods.js';
import { CDLSEPARATINGLINES } from './cdlseparatinglines.js';
import { CDLSHOOTINGSTAR } from './cdlshootingstar.js';
import { CDLSHORTLINE } from './cdlshortline.js';
import { CDLSPINNINGTOP } from './cdlspinningtop.js';
import { CDLSTALLEDPATTERN } from './cdlstalledpattern.js';
import { CDLSTICKSANDWICH } from './cdlsticksandwich.js';
import { CDLTAKURI } from './cdltakuri.js';
import { CDLTASUKIGAP } from './cdltasukigap.js';
import { CDLTHRUSTING } from './cdlthrusting.js';
import { CDLTRISTAR } from './cdltristar.js';
import { CDLUNIQUE3RIVER } from './cdlunique3river.js';
import { CDLUPSIDEGAP2CROWS } from './cdlupsidegap2crows.js';
import { CDLXSIDEGAP3METHODS } from './cdlxsidegap3methods.js';

/** TA-Lib's 61 candlestick patterns, in TA-Lib's (alphabetical) order. */
export const CANDLESTICK_DEFINITIONS: readonly CandlestickPattern[] = [
  CDL2CROWS,
  CDL3BLACKCROWS,
  CDL3INSIDE,
  CDL3LINESTRIKE,
  CDL3OUTSIDE,
  CDL3STARSINSOUTH,
  CDL3WHITESOLDIERS,
  CDLABANDONEDBABY,
  CDLADVANCEBLOCK,
  CDLBELTHOLD,
  CDLBREAKAWAY,
  CDLCLOSINGMARUBOZU,
  CDLCONCEALBABYSWALL,
  CDLCOUNTERATTACK,
  CDLDARKCLOUDCOVER,
  CDLDOJI,
  CDLDOJISTAR,
  CDLDRAGONFLYDOJI,
  CDLENGULFING,
  CDLEVENINGDOJISTAR,
  CDLEVENINGSTAR,
  CDLGAPSIDESIDEWHITE,
  CDLGRAVESTONEDOJI,
  CDLHAMMER,
  CDLHANGINGMAN,
  CDLHARAMI,
  CDLHARAMICROSS,
  CDLHIGHWAVE,
  CDLHIKKAKE,
  CDLHIKKAKEMOD,
  CDLHOMINGPIGEON,
  CDLIDENTICAL3CROWS,
  CDLINNECK,
  CDLINVERTEDHAMMER,
  CDLKICKING,
  CDLKICKINGBYLENGTH,
  CDLLADDERBOTTOM,
  CDLLONGLEGGEDDOJI,
  CDLLONGLINE,
  CDLMARUBOZU,
  CDLMATCHINGLOW,
  CDLMATHOLD,
  CDLMORNINGDOJISTAR,
  CDLMORNINGSTAR,
  CDLONNECK,
  CDLPIERCING,
  CDLRICKSHAWMAN,
  CDLRISEFALL3METHODS,
  CDLSEPARATINGLINES,
  CDLSHOOTINGSTAR,
  CDLSHORTLINE,
  CDLSPINNINGTOP,
  CDLSTALLEDPATTERN,
  CDLSTICKSANDWICH,
  CDLTAKURI,
  CDLTASUKIGAP,
  CDLTHRUSTING,
  CDLTRISTAR,
  CDLUNIQUE3RIVER,
  CDLUPSIDEGAP2CROWS,
  CDLXSIDEGAP3METHODS,
];
