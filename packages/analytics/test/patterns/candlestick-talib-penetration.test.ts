/**
 * The 7 patterns with TA-Lib's `optInPenetration`, at non-default penetrations, against TA-Lib C on
 * 70 real tickers (exact, see candlestick-differential.ts).
 */
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_DEFINITIONS } from '../../src/patterns/candlestick/candlestick-definitions.js';
import { agreementWithTalib } from './candlestick-differential.js';

const withPenetration = CANDLESTICK_DEFINITIONS.filter((d) => d.penetration !== undefined);

describe('penetration parameter vs TA-Lib', () => {
  it('is offered by exactly the 7 TA-Lib functions that take optInPenetration', () => {
    expect(withPenetration.map((d) => d.code).sort()).toEqual(
      [
        'cdlabandonedbaby',
        'cdldarkcloudcover',
        'cdleveningdojistar',
        'cdleveningstar',
        'cdlmathold',
        'cdlmorningdojistar',
        'cdlmorningstar',
      ].sort(),
    );
  });

  it.each(withPenetration.flatMap((d) => [0, 0.8].map((p) => [d.code, p] as const)))(
    '%s with penetration %s equals TA-Lib on every bar',
    (code, p) => {
      const a = agreementWithTalib(code, p);
      expect(a.firstDiff).toBe('');
      expect(a.same).toBe(a.bars);
    },
  );
});
