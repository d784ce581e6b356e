import { describe, expect, it } from 'vitest';
import { CATALOG, FAMILIES } from './catalog.js';
import { computeIndicator } from './compute.js';
import { describeCatalog, describeIndicator } from './describe.js';
import { buildIndex, findIndicator } from './lookup.js';
import type { IndicatorMeta } from './types.js';
import { validateParams } from './validate.js';

const close = Float64Array.from({ length: 40 }, (_, i) => 100 + Math.sin(i / 3) * 5 + i / 10);

describe('findIndicator', () => {
  it('resolves codes and aliases case-insensitively, ignoring surrounding spaces', () => {
    expect(findIndicator('RSI')?.code).toBe('rsi');
    expect(findIndicator('  Simple_Moving_Average ')?.code).toBe('sma');
    expect(findIndicator('Williams_R')?.code).toBe('willr');
    expect(findIndicator('no-such-thing')).toBeUndefined();
  });

  it('refuses a catalogue where two entries claim the same name', () => {
    const sma = findIndicator('sma')!;
    const clash: IndicatorMeta = { ...findIndicator('ema')!, aliases: ['SMA'] };
    expect(() => buildIndex([sma, clash])).toThrow(/claimed by both sma and ema/);
  });
});

describe('validateParams', () => {
  const specs = findIndicator('macdext')!.params;

  it('refuses ordered parameters given the wrong way round, naming the pair, and the catalogue states them', () => {
    const macd = findIndicator('macd')!;
    expect(validateParams(macd.params, { fast_period: 26, slow_period: 12 }, macd.ordered)).toEqual({
      ok: false,
      errors: [
        {
          param: 'fast_period',
          message: 'must be less than slow_period (26 is not less than 12): are they swapped?',
        },
      ],
    });
    expect(validateParams(macd.params, { fast_period: 5, slow_period: 35 }, macd.ordered).ok).toBe(true);
    const computed = computeIndicator('macd', { close: new Float64Array(100).fill(1) }, { fast_period: 30 });
    expect(computed).toMatchObject({
      ok: false,
      reason: 'invalid_params',
      errors: [{ param: 'fast_period' }],
    });
    for (const code of ['macd', 'macdext', 'ppo', 'apo', 'ao', 'adosc', 'pvo', 'kvo'])
      expect(describeIndicator(findIndicator(code)!).constraints, code).toEqual([
        'fast_period < slow_period',
      ]);
    expect(describeIndicator(findIndicator('rsi')!).constraints).toBeUndefined();
  });

  it('fills defaults and accepts numeric strings and enum values in any case', () => {
    const v = validateParams(specs, { fast_period: '5', SLOW_MA_TYPE: 'EMA' });
    expect(v).toEqual({
      ok: true,
      params: {
        fast_period: 5,
        fast_ma_type: 'sma',
        slow_period: 26,
        slow_ma_type: 'ema',
        signal_period: 9,
        signal_ma_type: 'sma',
      },
    });
  });

  it('reports every problem with the parameter it concerns', () => {
    const v = validateParams(specs, {
      fast_period: 1,
      slow_period: 2.5,
      signal_ma_type: 'hull',
      colour: 'red',
    });
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors.map((e) => e.param).sort()).toEqual([
      'colour',
      'fast_period',
      'signal_ma_type',
      'slow_period',
    ]);
    expect(v.errors.find((e) => e.param === 'fast_period')?.message).toMatch(/between 2 and 100000/);
  });

  it('accepts only the allowed values of a number spec that lists them', () => {
    const bins = [
      { name: 'bin', type: 'int', default: 30, min: 1, max: 60, allowed: [1, 30, 60], description: '' },
    ] as const;
    expect(validateParams(bins, { bin: '30' })).toEqual({ ok: true, params: { bin: 30 } });
    expect(validateParams(bins, { bin: 7 })).toEqual({
      ok: false,
      errors: [{ param: 'bin', message: 'must be one of 1, 30, 60' }],
    });
  });

  it('rejects non-finite and empty numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '', '  ', null, true]) {
      expect(validateParams(specs, { fast_period: bad }).ok, String(bad)).toBe(false);
    }
  });
});

describe('computeIndicator', () => {
  it('computes through an alias with validated parameters and reports the lookback', () => {
    const r = computeIndicator('Relative_Strength_Index', { close }, { period: '5' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.meta.code).toBe('rsi');
    expect(r.params).toEqual({ period: 5 });
    expect(r.lookback).toBe(5);
    expect(r.outputs['rsi']!.length).toBe(close.length);
    expect(Number.isNaN(r.outputs['rsi']![4]!)).toBe(true);
    expect(Number.isFinite(r.outputs['rsi']![5]!)).toBe(true);
  });

  it('returns typed failures for unknown codes, bad parameters and missing or ragged inputs', () => {
    expect(computeIndicator('nope', { close })).toMatchObject({ ok: false, reason: 'unknown_indicator' });
    expect(computeIndicator('sma', { close }, { period: 0 })).toMatchObject({
      ok: false,
      reason: 'invalid_params',
      errors: [{ param: 'period' }],
    });
    expect(computeIndicator('willr', { close })).toMatchObject({
      ok: false,
      reason: 'invalid_inputs',
      errors: [{ param: 'high' }, { param: 'low' }],
    });
    expect(computeIndicator('willr', { high: close, low: close.subarray(1), close })).toMatchObject({
      ok: false,
      reason: 'invalid_inputs',
      errors: [{ param: 'low' }],
    });
  });
});

describe('describeCatalog', () => {
  it('is plain JSON with every entry, its defaults and its default lookback', () => {
    const described = describeCatalog();
    const roundTrip = JSON.parse(JSON.stringify(described)) as typeof described;
    expect(roundTrip).toEqual(described);
    const macd = described.find((d) => d.code === 'macd')!;
    expect(macd.defaultLookback).toBe(33);
    expect(macd.params.map((p) => [p.name, p.default])).toEqual([
      ['fast_period', 12],
      ['slow_period', 26],
      ['signal_period', 9],
    ]);
    expect(macd.outputs.map((o) => o.name)).toEqual(['macd', 'signal', 'hist']);
  });
});

describe('FAMILIES', () => {
  it('registers every family once, with unique member codes', () => {
    expect(FAMILIES.map((f) => f.code)).toEqual([
      'indicators',
      'candlestick_patterns',
      'chart_patterns',
      'support_resistance',
      'risk_metrics',
      'microstructure',
      'portfolio',
      'sentiment',
    ]);
    for (const f of FAMILIES)
      expect(new Set(f.members.map((m) => m.code)).size, f.code).toBe(f.members.length);
  });

  it('indicators and candlestick patterns together are exactly the indicator catalogue', () => {
    const codes = FAMILIES.filter(
      (f) => f.code === 'indicators' || f.code === 'candlestick_patterns',
    ).flatMap((f) => f.members.map((m) => m.code));
    expect(codes.sort()).toEqual(CATALOG.map((m) => m.code).sort());
  });

  it('every family parameter has unique name and a default its own validation accepts', () => {
    for (const f of FAMILIES) {
      expect(new Set(f.params.map((p) => p.name)).size, f.code).toBe(f.params.length);
      for (const p of f.params) {
        if (p.type !== 'enum' && p.allowed !== undefined)
          for (const v of p.allowed) expect(v >= p.min && v <= p.max, `${f.code}.${p.name}=${v}`).toBe(true);
      }
      expect(validateParams(f.params, {}).ok, f.code).toBe(true);
      expect(validateParams(f.params, { nonsense: 1 })).toMatchObject({
        ok: false,
        errors: [{ param: 'nonsense' }],
      });
    }
  });
});
