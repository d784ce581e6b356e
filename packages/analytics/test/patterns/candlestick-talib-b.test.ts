/** Candlestick patterns cdlhangingman … cdlxsidegap3methods against TA-Lib C on 70 real tickers. */
import { describe } from 'vitest';
import { CANDLESTICK_DEFINITIONS } from '../../src/patterns/candlestick/candlestick-definitions.js';
import { TALIB_VERSION } from '../support/talib-oracle.js';
import { itMatchesTalibOnEveryBar } from './candlestick-differential.js';

describe(`candlestick patterns (second half) vs TA-Lib ${TALIB_VERSION}`, () => {
  itMatchesTalibOnEveryBar(CANDLESTICK_DEFINITIONS.slice(24));
});
