import * as ours from '@bellwether/analytics/indicators';
import { type BenchBars, feed, type IndicatorBenchCase, talibExecute } from './indicator-case.js';
import { TI, TS } from './peers.js';

const close = (b: BenchBars, i: number): number => b.plain.close[i]!;
const candle = (b: BenchBars, i: number) => ({
  open: b.plain.open[i]!,
  high: b.plain.high[i]!,
  low: b.plain.low[i]!,
  close: b.plain.close[i]!,
  volume: b.plain.volume[i]!,
});
const real =
  (name: string, opts: Record<string, number> = {}) =>
  (b: BenchBars) =>
    talibExecute(name, b.n, { inReal: b.plain.close }, opts);
const hlcT =
  (name: string, opts: Record<string, number> = {}) =>
  (b: BenchBars) =>
    talibExecute(name, b.n, { high: b.plain.high, low: b.plain.low, close: b.plain.close }, opts);
const hlcvT =
  (name: string, opts: Record<string, number> = {}) =>
  (b: BenchBars) =>
    talibExecute(
      name,
      b.n,
      { high: b.plain.high, low: b.plain.low, close: b.plain.close, volume: b.plain.volume },
      opts,
    );
const tiHlc = (b: BenchBars) => ({ high: b.plain.high, low: b.plain.low, close: b.plain.close });

/** Benchmark cases of the volatility, volume, trend, statistics, price-transform, math and cycle groups. */
export const INDICATOR_CASES_B: readonly IndicatorBenchCase[] = [
  {
    label: 'trange',
    ours: (b) => ours.trange(b.high, b.low, b.close),
    talib: hlcT('TRANGE'),
    peers: {
      technicalindicators: (b) => TI.TrueRange.calculate(tiHlc(b)),
      'trading-signals': (b) => feed(new TS.TR(), candle, b),
    },
  },
  {
    label: 'atr(14)',
    ours: (b) => ours.atr(b.high, b.low, b.close, 14),
    talib: hlcT('ATR', { optInTimePeriod: 14 }),
    peers: {
      technicalindicators: (b) => TI.ATR.calculate({ ...tiHlc(b), period: 14 }),
      'trading-signals': (b) => feed(new TS.ATR(14), candle, b),
    },
  },
  {
    label: 'natr(14)',
    ours: (b) => ours.natr(b.high, b.low, b.close, 14),
    talib: hlcT('NATR', { optInTimePeriod: 14 }),
    peers: { 'trading-signals': (b) => feed(new TS.NATR(14), candle, b) },
  },
  {
    label: 'bbands(20,2)',
    ours: (b) => ours.bbands(b.close, 20, 2, 2),
    talib: real('BBANDS', { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 }),
    peers: {
      technicalindicators: (b) =>
        TI.BollingerBands.calculate({ period: 20, stdDev: 2, values: b.plain.close }),
      'trading-signals': (b) => feed(new TS.BollingerBands(20, 2), close, b),
    },
  },
  {
    label: 'keltner(20,2,10)',
    ours: (b) => ours.keltner(b.high, b.low, b.close, 20, 2, 10),
    peers: {
      technicalindicators: (b) =>
        TI.KeltnerChannels.calculate({
          ...tiHlc(b),
          maPeriod: 20,
          atrPeriod: 10,
          useSMA: false,
          multiplier: 2,
        }),
      'trading-signals': (b) =>
        feed(new TS.KeltnerChannels({ emaInterval: 20, atrInterval: 10, multiplier: 2 }), candle, b),
    },
  },
  {
    label: 'donchian(20)',
    ours: (b) => ours.donchian(b.high, b.low, 20),
    peers: { 'trading-signals': (b) => feed(new TS.DonchianChannels(20), candle, b) },
  },
  {
    label: 'chexit(22,3)',
    ours: (b) => ours.chexit(b.high, b.low, b.close, 22, 3),
    peers: {
      technicalindicators: (b) => TI.ChandelierExit.calculate({ ...tiHlc(b), period: 22, multiplier: 3 }),
      'trading-signals': (b) => feed(new TS.ChandelierExit({ interval: 22, multiplier: 3 }), candle, b),
    },
  },
  {
    label: 'ui(14)',
    ours: (b) => ours.ui(b.close, 14),
    peers: { 'trading-signals': (b) => feed(new TS.UlcerIndex(14), close, b) },
  },
  {
    label: 'chv(10,10)',
    ours: (b) => ours.chv(b.high, b.low, 10, 10),
    peers: { 'trading-signals': (b) => feed(new TS.CVI(10), candle, b) },
  },
  {
    label: 'stddev(20)',
    ours: (b) => ours.stddev(b.close, 20),
    talib: real('STDDEV', { optInTimePeriod: 20, optInNbDev: 1 }),
    peers: { technicalindicators: (b) => TI.SD.calculate({ period: 20, values: b.plain.close }) },
  },
  {
    label: 'var(20)',
    ours: (b) => ours.variance(b.close, 20),
    talib: real('VAR', { optInTimePeriod: 20, optInNbDev: 1 }),
  },
  {
    label: 'correl(30)',
    ours: (b) => ours.correl(b.high, b.low, 30),
    talib: (b) =>
      talibExecute('CORREL', b.n, { inReal0: b.plain.high, inReal1: b.plain.low }, { optInTimePeriod: 30 }),
  },
  {
    label: 'beta(5)',
    ours: (b) => ours.beta(b.high, b.low, 5),
    talib: (b) =>
      talibExecute('BETA', b.n, { inReal0: b.plain.high, inReal1: b.plain.low }, { optInTimePeriod: 5 }),
  },
  {
    label: 'avgdev(14)',
    ours: (b) => ours.avgdev(b.close, 14),
    talib: real('AVGDEV', { optInTimePeriod: 14 }),
    peers: { 'trading-signals': (b) => feed(new TS.MAD(14), close, b) },
  },
  {
    label: 'obv',
    ours: (b) => ours.obv(b.close, b.volume),
    talib: (b) => talibExecute('OBV', b.n, { inReal: b.plain.close, volume: b.plain.volume }),
    peers: {
      technicalindicators: (b) => TI.OBV.calculate({ close: b.plain.close, volume: b.plain.volume }),
      'trading-signals': (b) => feed(new TS.OBV(2), candle, b),
    },
  },
  {
    label: 'ad',
    ours: (b) => ours.ad(b.high, b.low, b.close, b.volume),
    talib: hlcvT('AD'),
    peers: {
      technicalindicators: (b) => TI.ADL.calculate({ ...tiHlc(b), volume: b.plain.volume }),
      'trading-signals': (b) => feed(new TS.AD(), candle, b),
    },
  },
  {
    label: 'adosc(3,10)',
    ours: (b) => ours.adosc(b.high, b.low, b.close, b.volume, 3, 10),
    talib: hlcvT('ADOSC', { optInFastPeriod: 3, optInSlowPeriod: 10 }),
    peers: { 'trading-signals': (b) => feed(new TS.ADOSC({ fastPeriod: 3, slowPeriod: 10 }), candle, b) },
  },
  {
    label: 'cmf(20)',
    ours: (b) => ours.cmf(b.high, b.low, b.close, b.volume, 20),
    peers: { 'trading-signals': (b) => feed(new TS.CMF(20), candle, b) },
  },
  {
    label: 'vwap',
    ours: (b) => ours.vwapIndicator(b.high, b.low, b.close, b.volume),
    peers: {
      technicalindicators: (b) => TI.VWAP.calculate({ ...tiHlc(b), volume: b.plain.volume }),
      'trading-signals': (b) => feed(new TS.VWAP(), candle, b),
    },
  },
  {
    label: 'force(13)',
    ours: (b) => ours.force(b.close, b.volume, 13),
    peers: {
      technicalindicators: (b) =>
        TI.ForceIndex.calculate({ close: b.plain.close, volume: b.plain.volume, period: 13 }),
      'trading-signals': (b) => feed(new TS.ForceIndex(13), candle, b),
    },
  },
  {
    label: 'eom(14)',
    ours: (b) => ours.eom(b.high, b.low, b.volume, 14),
    peers: { 'trading-signals': (b) => feed(new TS.EMV(14), candle, b) },
  },
  {
    label: 'kvo(34,55,13)',
    ours: (b) => ours.kvo(b.high, b.low, b.close, b.volume, 34, 55, 13),
    peers: { 'trading-signals': (b) => feed(new TS.KVO(34, 55), candle, b) },
  },
  {
    label: 'pvo(12,26,9)',
    ours: (b) => ours.pvo(b.volume, 12, 26, 9),
    peers: {
      'trading-signals': (b) =>
        feed(new TS.PVO({ fastPeriod: 12, slowPeriod: 26 }), (x, i) => x.plain.volume[i]!, b),
    },
  },
  {
    label: 'nvi',
    ours: (b) => ours.nvi(b.close, b.volume),
    peers: { 'trading-signals': (b) => feed(new TS.NVI(), candle, b) },
  },
  {
    label: 'vpt',
    ours: (b) => ours.vpt(b.close, b.volume),
    peers: { 'trading-signals': (b) => feed(new TS.PVT(), candle, b) },
  },
  {
    label: 'sar(0.02,0.2)',
    ours: (b) => ours.sar(b.high, b.low, 0.02, 0.2),
    talib: (b) =>
      talibExecute(
        'SAR',
        b.n,
        { high: b.plain.high, low: b.plain.low },
        { optInAcceleration: 0.02, optInMaximum: 0.2 },
      ),
    peers: {
      technicalindicators: (b) =>
        TI.PSAR.calculate({ high: b.plain.high, low: b.plain.low, step: 0.02, max: 0.2 }),
      'trading-signals': (b) =>
        feed(new TS.PSAR({ accelerationStep: 0.02, accelerationMax: 0.2 }), candle, b),
    },
  },
  {
    label: 'sarext',
    ours: (b) => ours.sarext(b.high, b.low),
    talib: (b) =>
      talibExecute(
        'SAREXT',
        b.n,
        { high: b.plain.high, low: b.plain.low },
        {
          optInStartValue: 0,
          optInOffsetOnReverse: 0,
          optInAccelerationInitLong: 0.02,
          optInAccelerationLong: 0.02,
          optInAccelerationMaxLong: 0.2,
          optInAccelerationInitShort: 0.02,
          optInAccelerationShort: 0.02,
          optInAccelerationMaxShort: 0.2,
        },
      ),
  },
  {
    label: 'supertrend(10,3)',
    ours: (b) => ours.supertrend(b.high, b.low, b.close, 10, 3),
    peers: { 'trading-signals': (b) => feed(new TS.SuperTrend({ interval: 10, multiplier: 3 }), candle, b) },
  },
  {
    label: 'ichimoku(9,26,52)',
    ours: (b) => ours.ichimoku(b.high, b.low),
    peers: {
      technicalindicators: (b) =>
        TI.IchimokuCloud.calculate({
          high: b.plain.high,
          low: b.plain.low,
          conversionPeriod: 9,
          basePeriod: 26,
          spanPeriod: 52,
          displacement: 26,
        }),
      'trading-signals': (b) => feed(new TS.IchimokuCloud(), candle, b),
    },
  },
  {
    label: 'vortex(14)',
    ours: (b) => ours.vortex(b.high, b.low, b.close, 14),
    peers: { 'trading-signals': (b) => feed(new TS.VortexIndicator(14), candle, b) },
  },
  {
    label: 'chop(14)',
    ours: (b) => ours.chop(b.high, b.low, b.close, 14),
    peers: { 'trading-signals': (b) => feed(new TS.CHOP(14), candle, b) },
  },
  {
    label: 'dpo(20)',
    ours: (b) => ours.dpo(b.close, 20),
    peers: { 'trading-signals': (b) => feed(new TS.DPO(20), close, b) },
  },
  {
    label: 'vhf(28)',
    ours: (b) => ours.vhf(b.close, 28),
    peers: { 'trading-signals': (b) => feed(new TS.VHF(28), close, b) },
  },
  {
    label: 'alligator',
    ours: (b) => ours.alligator(b.high, b.low),
    peers: { 'trading-signals': (b) => feed(new TS.Alligator(), candle, b) },
  },
  {
    label: 'elder_ray(13)',
    ours: (b) => ours.elderRay(b.high, b.low, b.close, 13),
    peers: { 'trading-signals': (b) => feed(new TS.ElderRay(13), candle, b) },
  },
  {
    label: 'linearreg(14)',
    ours: (b) => ours.linearreg(b.close, 14),
    talib: real('LINEARREG', { optInTimePeriod: 14 }),
    peers: { 'trading-signals': (b) => feed(new TS.LinearRegression(14), close, b) },
  },
  {
    label: 'linearreg_slope(14)',
    ours: (b) => ours.linearregSlope(b.close, 14),
    talib: real('LINEARREG_SLOPE', { optInTimePeriod: 14 }),
  },
  { label: 'tsf(14)', ours: (b) => ours.tsf(b.close, 14), talib: real('TSF', { optInTimePeriod: 14 }) },
  {
    label: 'typprice',
    ours: (b) => ours.typprice(b.high, b.low, b.close),
    talib: hlcT('TYPPRICE'),
  },
  {
    label: 'avgprice',
    ours: (b) => ours.avgprice(b.open, b.high, b.low, b.close),
    talib: (b) =>
      talibExecute('AVGPRICE', b.n, {
        open: b.plain.open,
        high: b.plain.high,
        low: b.plain.low,
        close: b.plain.close,
      }),
  },
  {
    label: 'heikinashi',
    ours: (b) => ours.heikinashi(b.open, b.high, b.low, b.close),
    peers: {
      technicalindicators: (b) =>
        TI.HeikinAshi.calculate({
          open: b.plain.open,
          high: b.plain.high,
          low: b.plain.low,
          close: b.plain.close,
        }),
    },
  },
  {
    label: 'max(30)',
    ours: (b) => ours.max(b.close, 30),
    talib: real('MAX', { optInTimePeriod: 30 }),
    peers: { technicalindicators: (b) => TI.Highest.calculate({ period: 30, values: b.plain.close }) },
  },
  {
    label: 'minmaxindex(30)',
    ours: (b) => ours.minmaxindex(b.close, 30),
    talib: real('MINMAXINDEX', { optInTimePeriod: 30 }),
  },
  {
    label: 'sum(30)',
    ours: (b) => ours.sum(b.close, 30),
    talib: real('SUM', { optInTimePeriod: 30 }),
    peers: { technicalindicators: (b) => TI.Sum.calculate({ period: 30, values: b.plain.close }) },
  },
  { label: 'sqrt', ours: (b) => ours.sqrt(b.close), talib: real('SQRT') },
  {
    label: 'add',
    ours: (b) => ours.add(b.high, b.low),
    talib: (b) => talibExecute('ADD', b.n, { inReal0: b.plain.high, inReal1: b.plain.low }),
  },
  { label: 'ht_dcperiod', ours: (b) => ours.htDcperiod(b.close), talib: real('HT_DCPERIOD') },
  { label: 'ht_dcphase', ours: (b) => ours.htDcphase(b.close), talib: real('HT_DCPHASE') },
  { label: 'ht_phasor', ours: (b) => ours.htPhasor(b.close), talib: real('HT_PHASOR') },
  { label: 'ht_sine', ours: (b) => ours.htSine(b.close), talib: real('HT_SINE') },
  { label: 'ht_trendmode', ours: (b) => ours.htTrendmode(b.close), talib: real('HT_TRENDMODE') },
  {
    label: 'ht_trendline',
    ours: (b) => ours.htTrendline(b.close),
    talib: real('HT_TRENDLINE'),
    peers: { 'trading-signals': (b) => feed(new TS.HTTrendline(), close, b) },
  },
];
