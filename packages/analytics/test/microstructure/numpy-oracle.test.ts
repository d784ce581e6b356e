import { describe, expect, it } from 'vitest';
import {
  abdiRanaldoSpread,
  amihudIlliquidity,
  corwinSchultzSpread,
  kyleLambda,
  rollSpread,
} from '../../src/microstructure/index.js';
import { golden } from '../golden/python-golden.js';
import { jnjDaily, KYLE_WINDOW, LIQUIDITY_WINDOW, liquidityCase } from '../golden/python-inputs.js';

/**
 * Differential test: an independent vectorised numpy re-statement of the daily estimators (written
 * from the papers' formulas, windows via numpy slicing / np.cov / np.polyfit;
 * test/oracle/daily_liquidity_estimators.py) on the same JNJ bars. Its values for the last 30 bars
 * are golden values (test/golden/python/daily-liquidity-estimators.gen.json, with the numpy version
 * and the SHA-256 of the inputs; regenerate with `npm run golden:python -w packages/analytics`); this
 * test runs no Python. Tolerance: 1e-10 relative (floating-point summation order only).
 */
describe('daily estimators agree with an independent numpy implementation (JNJ 2010–2015)', () => {
  const bars = jnjDaily();
  const { high, low, close, volume } = bars;
  const window = LIQUIDITY_WINDOW;
  const kyleWindow = KYLE_WINDOW;

  it('Roll, Corwin–Schultz, Abdi–Ranaldo, Amihud and Kyle λ over the last 30 bars', () => {
    const want = golden<Record<'roll' | 'cs' | 'ar' | 'amihud' | 'kyle', number[]>>(liquidityCase(bars));
    const n = close.length;
    expect(n, 'JNJ bars 2010–2015').toBeGreaterThan(1500);
    const ours = {
      roll: rollSpread(close, { window }),
      cs: corwinSchultzSpread(high, low, close, { window }),
      ar: abdiRanaldoSpread(high, low, close, { window }),
      amihud: amihudIlliquidity(close, volume, { window }),
      kyle: kyleLambda(close, volume, { window: kyleWindow }),
    };
    for (const [name, series] of Object.entries(ours)) {
      const expected = want[name as keyof typeof want];
      expect(expected.length).toBe(30);
      expected.forEach((e, k) => {
        const got = series[n - 30 + k]!;
        expect(Math.abs(got - e), `${name}[${k}] ${got} vs ${e}`).toBeLessThanOrEqual(
          1e-10 * Math.max(1e-12, Math.abs(e)),
        );
      });
    }
  });
});
