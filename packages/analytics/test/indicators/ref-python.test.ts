/**
 * Indicators compared with independent numpy implementations written from their published
 * definitions (test/support/ref_oracle.py, /usr/bin/python3 with numpy), where neither TA-Lib nor the
 * Stock.Indicators series covers every output.
 *
 * supertrend — source: TradingView Pine Script v5 reference, `ta.supertrend` (its equivalent Pine code).
 *   Outputs compared: the line, the direction (Pine's −1 = up is our +1) and both ratcheted bands on
 *   every bar, including the inactive band that Stock.Indicators does not publish. Tolerance 1e-9
 *   relative (floor 1) from bar 30 × period: Pine's ATR (`ta.rma` of `ta.tr(true)`) is seeded with the
 *   true ranges of bars 0…period−1 (high − low on bar 0), ours — TA-Lib's ATR — with bars 1…period, one
 *   bar later; the seed difference decays as (1 − 1/period)^k, below 1e-13 after 30 × period bars.
 *   Ties: Pine turns bearish when close < lower band, we (as Stock.Indicators) when close ≤ lower band;
 *   the test asserts no bar of these inputs closes exactly on the band, so the rule is not exercised.
 * nvi, pvi — source: N. Fosback (1976) as StockCharts ChartSchool states it; vpt — ChartSchool "Price
 *   Volume Trend". Exact class: 1e-9 relative (floor 1) on every bar from bar 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { supertrend } from '../../src/indicators/trend/supertrend/supertrend.js';
import { nvi } from '../../src/indicators/volume/nvi/nvi.js';
import { pvi } from '../../src/indicators/volume/pvi/pvi.js';
import { vpt } from '../../src/indicators/volume/vpt/vpt.js';
import { requirePython } from '../support/python-oracle.js';
import { refOracle } from '../support/ref-python.js';
import { compareSeries } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

describe('vs numpy oracles from published definitions', () => {
  // Not skipped when numpy is missing: these are the only references for some outputs (ref-coverage).
  beforeAll(() => requirePython('numpy'));
  describe.each(fixtures())('on %s', (_label, b) => {
    it.each([
      [10, 3],
      [7, 2],
      [5, 1.5],
    ])(
      'supertrend(%i, %d) = Pine ta.supertrend: line, direction and both bands (1e-9 after ATR seed decay)',
      (period, multiplier) => {
        const from = 30 * period;
        expect(b.close.length - from, 'bars compared').toBeGreaterThan(150);
        const ours = supertrend(b.high, b.low, b.close, period, multiplier);
        const ref = refOracle('supertrend', { high: b.high, low: b.low, close: b.close, period, multiplier });
        const pineDirection = ref['direction']!.map((d) => -d);
        for (const [name, mine, theirs] of [
          ['supertrend', ours.supertrend, ref['supertrend']!],
          ['direction', ours.direction, pineDirection],
          ['upper', ours.upper, ref['upper']!],
          ['lower', ours.lower, ref['lower']!],
        ] as const) {
          const cmp = compareSeries(mine, theirs, { relTol: 1e-9, from });
          expect(cmp.ok, `${name}: ${cmp.detail}`).toBe(true);
        }
        const ties = b.close.filter((c, i) => i >= from && c === ours.lower[i]).length;
        expect(ties, 'bars closing exactly on the lower band').toBe(0);
      },
    );

    it.each([1000, 100])('nvi and pvi (start %i) = Fosback volume indices (1e-9)', (start) => {
      const args = { close: b.close, volume: b.volume, start };
      for (const [name, ours] of [
        ['nvi', nvi(b.close, b.volume, start)],
        ['pvi', pvi(b.close, b.volume, start)],
      ] as const) {
        const cmp = compareSeries(ours, refOracle(name, args)[name]!, { relTol: 1e-9 });
        expect(cmp.ok, `${name}: ${cmp.detail}`).toBe(true);
      }
    });
    it('vpt = ChartSchool price volume trend from 0 (1e-9)', () => {
      const ref = refOracle('vpt', { close: b.close, volume: b.volume })['vpt']!;
      const cmp = compareSeries(vpt(b.close, b.volume), ref, { relTol: 1e-9 });
      expect(cmp.ok, cmp.detail).toBe(true);
    });
  });
});
