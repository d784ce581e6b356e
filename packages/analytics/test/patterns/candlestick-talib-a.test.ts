/**
 * Candlestick patterns cdl2crows … cdleveningdojistar (1–20 of 61) against TA-Lib C on 70 real tickers
 * (see candlestick-differential.ts).
 */
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_DEFINITIONS } from '../../src/patterns/candlestick/candlestick-definitions.js';
import { TALIB_VERSION } from '../support/talib-oracle.js';
import { itMatchesTalibOnEveryBar } from './candlestick-differential.js';

describe(`candlestick patterns (1 of 3) vs TA-Lib ${TALIB_VERSION}`, () => {
  it('the catalogue holds all 61 TA-Lib CDL functions', () => {
    expect(CANDLESTICK_DEFINITIONS).toHaveLength(61);
    expect(new Set(CANDLESTICK_DEFINITIONS.map((d) => d.code)).size).toBe(61);
  });
  itMatchesTalibOnEveryBar(CANDLESTICK_DEFINITIONS.slice(0, 20));
});
