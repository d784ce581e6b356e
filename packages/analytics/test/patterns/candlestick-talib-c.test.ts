/** Candlestick patterns cdlmatchinglow … cdlxsidegap3methods (41–61 of 61) against TA-Lib C on 70 real tickers. */
import { describe } from 'vitest';
import { CANDLESTICK_DEFINITIONS } from '../../src/patterns/candlestick/candlestick-definitions.js';
import { TALIB_VERSION } from '../support/talib-oracle.js';
import { itMatchesTalibOnEveryBar } from './candlestick-differential.js';

describe(`candlestick patterns (3 of 3) vs TA-Lib ${TALIB_VERSION}`, () => {
  itMatchesTalibOnEveryBar(CANDLESTICK_DEFINITIONS.slice(40));
});
