/**
 * Indicators compared with independent numpy implementations written from their published
 * definitions (test/oracle/ref_oracle.py), where neither TA-Lib nor the Stock.Indicators series covers
 * every output. The numpy results are golden values (test/golden/python/ref-oracle.gen.json, with the
 * numpy version and the SHA-256 of each input; regenerate with `npm run golden:python -w
 * packages/analytics`); this test runs no Python. The inputs are real data, so the golden file holds
 * the oracle's values at a deterministic sample of bars (test/golden/python-inputs.ts
 * `samplePositions`: the first compared bars, every 8th / 16th bar, the last 20, around the largest
 * moves) and each comparison below runs at every sampled bar.
 *
 * supertrend — source: TradingView Pine Script v5 reference, `ta.supertrend` (its equivalent Pine code).
 *   Outputs compared: the line, the direction (Pine's −1 = up is our +1) and both ratcheted bands,
 *   including the inactive band that Stock.Indicators does not publish. Tolerance 1e-9
 *   relative (floor 1) from bar 30 × period: Pine's ATR (`ta.rma` of `ta.tr(true)`) is seeded with the
 *   true ranges of bars 0…period−1 (high − low on bar 0), ours — TA-Lib's ATR — with bars 1…period, one
 *   bar later; the seed difference decays as (1 − 1/period)^k, below 1e-13 after 30 × period bars.
 *   Ties: Pine turns bearish when close < lower band, we (as Stock.Indicators) when close ≤ lower band;
 *   the test asserts no bar of these inputs closes exactly on the band, so the rule is not exercised.
 * nvi, pvi — source: N. Fosback (1976) as StockCharts ChartSchool states it; vpt — ChartSchool "Price
 *   Volume Trend". Exact class: 1e-9 relative (floor 1) from bar 0, same warm-up.
 */
import { describe, expect, it } from 'vitest';
import { supertrend } from '../../src/indicators/trend/supertrend/supertrend.js';
import { nvi } from '../../src/indicators/volume/nvi/nvi.js';
import { pvi } from '../../src/indicators/volume/pvi/pvi.js';
import { vpt } from '../../src/indicators/volume/vpt/vpt.js';
import { compareAt, sampledGolden } from '../golden/python-golden.js';
import {
  SUPERTREND_PARAMS,
  supertrendCase,
  VOLUME_INDEX_STARTS,
  volumeIndexCase,
  vptCase,
} from '../golden/python-inputs.js';
import { fixtures } from './fixtures.js';

/** Fewest sampled bars a comparison may rest on. */
const MIN_SAMPLED = 50;

describe('vs numpy oracles from published definitions', () => {
  describe.each(fixtures())('on %s', (label, b) => {
    it.each(SUPERTREND_PARAMS)(
      'supertrend(%i, %d) = Pine ta.supertrend: line, direction and both bands (1e-9 after ATR seed decay)',
      (period, multiplier) => {
        const from = 30 * period;
        expect(b.close.length - from, 'bars compared').toBeGreaterThan(150);
        const ours = supertrend(b.high, b.low, b.close, period, multiplier);
        const ref = sampledGolden(supertrendCase(label, b, period, multiplier));
        expect(ref.at[0], 'first sampled bar').toBe(from);
        expect(ref.at.length, 'sampled bars compared').toBeGreaterThan(MIN_SAMPLED);
        const pineDirection = ref.series('direction').map((d) => -d);
        for (const [name, mine, theirs] of [
          ['supertrend', ours.supertrend, ref.series('supertrend')],
          ['direction', ours.direction, pineDirection],
          ['upper', ours.upper, ref.series('upper')],
          ['lower', ours.lower, ref.series('lower')],
        ] as const) {
          const cmp = compareAt(mine, ref.at, theirs, { relTol: 1e-9 });
          expect(cmp.ok, `${name}: ${cmp.detail}`).toBe(true);
        }
        const ties = b.close.filter((c, i) => i >= from && c === ours.lower[i]).length;
        expect(ties, 'bars closing exactly on the lower band').toBe(0);
      },
    );

    it.each(VOLUME_INDEX_STARTS)('nvi and pvi (start %i) = Fosback volume indices (1e-9)', (start) => {
      for (const [name, ours] of [
        ['nvi', nvi(b.close, b.volume, start)],
        ['pvi', pvi(b.close, b.volume, start)],
      ] as const) {
        const ref = sampledGolden(volumeIndexCase(label, b, name, start));
        expect(ref.at[0], 'first sampled bar').toBe(0);
        expect(ref.at.length, 'sampled bars compared').toBeGreaterThan(MIN_SAMPLED);
        const cmp = compareAt(ours, ref.at, ref.series(name), { relTol: 1e-9 });
        expect(cmp.ok, `${name}: ${cmp.detail}`).toBe(true);
      }
    });
    it('vpt = ChartSchool price volume trend from 0 (1e-9)', () => {
      const ref = sampledGolden(vptCase(label, b));
      expect(ref.at[0], 'first sampled bar').toBe(0);
      expect(ref.at.length, 'sampled bars compared').toBeGreaterThan(MIN_SAMPLED);
      const cmp = compareAt(vpt(b.close, b.volume), ref.at, ref.series('vpt'), { relTol: 1e-9 });
      expect(cmp.ok, cmp.detail).toBe(true);
    });
  });
});
