import * as ours from '@bellwether/analytics/indicators';
import { type BenchBars, feed, type IndicatorBenchCase, talibExecute } from './indicator-case.js';
import { TI, TS } from './peers.js';

const close = (b: BenchBars, i: number): number => b.plain.close[i]!;
const hlc = (b: BenchBars, i: number) => ({
  high: b.plain.high[i]!,
  low: b.plain.low[i]!,
  close: b.plain.close[i]!,
});
const hl = (b: BenchBars, i: number) => ({ high: b.plain.high[i]!, low: b.plain.low[i]! });

const real =
  (name: string, opts: Record<string, number> = {}) =>
  (b: BenchBars) =>
    talibExecute(name, b.n, { inReal: b.plain.close }, opts);
const hlcT =
  (name: string, opts: Record<string, number> = {}) =>
  (b: BenchBars) =>
    talibExecute(name, b.n, { high: b.plain.high, low: b.plain.low, close: b.plain.close }, opts);

/** Benchmark cases of the overlap and momentum indicators (bench/indicators.ts runs them first). */
export const INDICATOR_CASES_A: readonly IndicatorBenchCase[] = [
  {
    label: 'sma(20)',
    ours: (b) => ours.sma(b.close, 20),
    talib: real('SMA', { optInTimePeriod: 20 }),
    peers: {
      technicalindicators: (b) => TI.SMA.calculate({ period: 20, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.SMA(20), close, b),
    },
  },
  {
    label: 'ema(20)',
    ours: (b) => ours.ema(b.close, 20),
    talib: real('EMA', { optInTimePeriod: 20 }),
    peers: {
      technicalindicators: (b) => TI.EMA.calculate({ period: 20, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.EMA(20), close, b),
    },
  },
  {
    label: 'wma(20)',
    ours: (b) => ours.wma(b.close, 20),
    talib: real('WMA', { optInTimePeriod: 20 }),
    peers: {
      technicalindicators: (b) => TI.WMA.calculate({ period: 20, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.WMA(20), close, b),
    },
  },
  {
    label: 'dema(20)',
    ours: (b) => ours.dema(b.close, 20),
    talib: real('DEMA', { optInTimePeriod: 20 }),
    peers: { 'trading-signals': (b) => feed(new TS.DEMA(20), close, b) },
  },
  {
    label: 'tema(20)',
    ours: (b) => ours.tema(b.close, 20),
    talib: real('TEMA', { optInTimePeriod: 20 }),
    peers: { 'trading-signals': (b) => feed(new TS.TEMA(20), close, b) },
  },
  {
    label: 'trima(20)',
    ours: (b) => ours.trima(b.close, 20),
    talib: real('TRIMA', { optInTimePeriod: 20 }),
    peers: { 'trading-signals': (b) => feed(new TS.TRIMA(20), close, b) },
  },
  { label: 'kama(30)', ours: (b) => ours.kama(b.close, 30), talib: real('KAMA', { optInTimePeriod: 30 }) },
  {
    label: 't3(5)',
    ours: (b) => ours.t3(b.close, 5, 0.7),
    talib: real('T3', { optInTimePeriod: 5, optInVFactor: 0.7 }),
    peers: { 'trading-signals': (b) => feed(new TS.T3(5, 0.7), close, b) },
  },
  {
    label: 'mama(0.5,0.05)',
    ours: (b) => ours.mama(b.close),
    talib: real('MAMA', { optInFastLimit: 0.5, optInSlowLimit: 0.05 }),
    peers: { 'trading-signals': (b) => feed(new TS.MAMA(), close, b) },
  },
  {
    label: 'hma(20)',
    ours: (b) => ours.hma(b.close, 20),
    peers: { 'trading-signals': (b) => feed(new TS.HMA(20), close, b) },
  },
  {
    label: 'rsi(14)',
    ours: (b) => ours.rsi(b.close, 14),
    talib: real('RSI', { optInTimePeriod: 14 }),
    peers: {
      technicalindicators: (b) => TI.RSI.calculate({ period: 14, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.RSI(14), close, b),
    },
  },
  {
    label: 'macd(12,26,9)',
    ours: (b) => ours.macd(b.close, 12, 26, 9),
    talib: real('MACD', { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }),
    peers: {
      technicalindicators: (b) =>
        TI.MACD.calculate({
          values: b.plain.close,
          fastPeriod: 12,
          slowPeriod: 26,
          signalPeriod: 9,
          SimpleMAOscillator: false,
          SimpleMASignal: false,
        }),
      'trading-signals': (b) => feed(new TS.MACD(new TS.EMA(12), new TS.EMA(26), new TS.EMA(9)), close, b),
    },
  },
  {
    label: 'stoch(14,3,3)',
    ours: (b) => ours.stoch(b.high, b.low, b.close, 14, 3, 'sma', 3, 'sma'),
    talib: hlcT('STOCH', {
      optInFastK_Period: 14,
      optInSlowK_Period: 3,
      optInSlowK_MAType: 0,
      optInSlowD_Period: 3,
      optInSlowD_MAType: 0,
    }),
    peers: {
      technicalindicators: (b) =>
        TI.Stochastic.calculate({
          high: b.plain.high,
          low: b.plain.low,
          close: b.plain.close,
          period: 14,
          signalPeriod: 3,
        }),
      'trading-signals': (b) =>
        feed(new TS.StochasticOscillator({ kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 }), hlc, b),
    },
  },
  {
    label: 'willr(14)',
    ours: (b) => ours.willr(b.high, b.low, b.close, 14),
    talib: hlcT('WILLR', { optInTimePeriod: 14 }),
    peers: {
      technicalindicators: (b) =>
        TI.WilliamsR.calculate({ high: b.plain.high, low: b.plain.low, close: b.plain.close, period: 14 }),
      'trading-signals': (b) => feed(new TS.WilliamsR(14), hlc, b),
    },
  },
  {
    label: 'cci(20)',
    ours: (b) => ours.cci(b.high, b.low, b.close, 20),
    talib: hlcT('CCI', { optInTimePeriod: 20 }),
    peers: {
      technicalindicators: (b) =>
        TI.CCI.calculate({ high: b.plain.high, low: b.plain.low, close: b.plain.close, period: 20 }),
      'trading-signals': (b) => feed(new TS.CCI(20), hlc, b),
    },
  },
  {
    label: 'adx(14)',
    ours: (b) => ours.adx(b.high, b.low, b.close, 14),
    talib: hlcT('ADX', { optInTimePeriod: 14 }),
    peers: {
      technicalindicators: (b) =>
        TI.ADX.calculate({ high: b.plain.high, low: b.plain.low, close: b.plain.close, period: 14 }),
      'trading-signals': (b) => feed(new TS.ADX(14), hlc, b),
    },
  },
  {
    label: 'mfi(14)',
    ours: (b) => ours.mfi(b.high, b.low, b.close, b.volume, 14),
    talib: (b) =>
      talibExecute(
        'MFI',
        b.n,
        { high: b.plain.high, low: b.plain.low, close: b.plain.close, volume: b.plain.volume },
        { optInTimePeriod: 14 },
      ),
    peers: {
      technicalindicators: (b) =>
        TI.MFI.calculate({
          high: b.plain.high,
          low: b.plain.low,
          close: b.plain.close,
          volume: b.plain.volume,
          period: 14,
        }),
      'trading-signals': (b) =>
        feed(new TS.MFI(14), (x, i) => ({ ...hlc(x, i), volume: x.plain.volume[i]! }), b),
    },
  },
  {
    label: 'roc(10)',
    ours: (b) => ours.roc(b.close, 10),
    talib: real('ROC', { optInTimePeriod: 10 }),
    peers: {
      technicalindicators: (b) => TI.ROC.calculate({ period: 10, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.ROC(10), close, b),
    },
  },
  {
    label: 'mom(10)',
    ours: (b) => ours.mom(b.close, 10),
    talib: real('MOM', { optInTimePeriod: 10 }),
    peers: { 'trading-signals': (b) => feed(new TS.MOM(10), close, b) },
  },
  {
    label: 'trix(18)',
    ours: (b) => ours.trix(b.close, 18),
    talib: real('TRIX', { optInTimePeriod: 18 }),
    peers: {
      technicalindicators: (b) => TI.TRIX.calculate({ period: 18, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.TRIX(18), close, b),
    },
  },
  {
    label: 'ao(5,34)',
    ours: (b) => ours.ao(b.high, b.low, 5, 34),
    peers: {
      technicalindicators: (b) =>
        TI.AwesomeOscillator.calculate({
          high: b.plain.high,
          low: b.plain.low,
          fastPeriod: 5,
          slowPeriod: 34,
        }),
      'trading-signals': (b) => feed(new TS.AO(5, 34), hl, b),
    },
  },
  {
    label: 'stochrsi(14,14,3)',
    ours: (b) => ours.stochrsi(b.close, 14, 14, 3, 'sma'),
    talib: real('STOCHRSI', {
      optInTimePeriod: 14,
      optInFastK_Period: 14,
      optInFastD_Period: 3,
      optInFastD_MAType: 0,
    }),
    peers: {
      technicalindicators: (b) =>
        TI.StochasticRSI.calculate({
          values: b.plain.close,
          rsiPeriod: 14,
          stochasticPeriod: 14,
          kPeriod: 1,
          dPeriod: 3,
        }),
      'trading-signals': (b) => feed(new TS.StochasticRSI(14), close, b),
    },
  },
  {
    label: 'aroon(14)',
    ours: (b) => ours.aroon(b.high, b.low, 14),
    talib: (b) =>
      talibExecute('AROON', b.n, { high: b.plain.high, low: b.plain.low }, { optInTimePeriod: 14 }),
    peers: { 'trading-signals': (b) => feed(new TS.Aroon(14), hl, b) },
  },
  {
    label: 'ultosc(7,14,28)',
    ours: (b) => ours.ultosc(b.high, b.low, b.close, 7, 14, 28),
    talib: hlcT('ULTOSC', { optInTimePeriod1: 7, optInTimePeriod2: 14, optInTimePeriod3: 28 }),
    peers: {
      'trading-signals': (b) =>
        feed(new TS.UltimateOscillator({ shortPeriod: 7, mediumPeriod: 14, longPeriod: 28 }), hlc, b),
    },
  },
  {
    label: 'cmo(14)',
    ours: (b) => ours.cmo(b.close, 14),
    talib: real('CMO', { optInTimePeriod: 14 }),
    peers: { 'trading-signals': (b) => feed(new TS.CMO(14), close, b) },
  },
  {
    label: 'ppo(12,26)',
    ours: (b) => ours.ppo(b.close, 12, 26, 'ema'),
    talib: real('PPO', { optInFastPeriod: 12, optInSlowPeriod: 26, optInMAType: 1 }),
    peers: { 'trading-signals': (b) => feed(new TS.PPO({ fastPeriod: 12, slowPeriod: 26 }), close, b) },
  },
  {
    label: 'tsi(25,13,7)',
    ours: (b) => ours.tsi(b.close, 25, 13, 7),
    peers: { 'trading-signals': (b) => feed(new TS.TSI({ longPeriod: 25, shortPeriod: 13 }), close, b) },
  },
];
