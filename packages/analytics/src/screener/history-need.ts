import type { IndicatorMeta, ParamValues } from '../registry/types.js';

/**
 * How much history an indicator's value at one bar depends on:
 * - `window`: only the last `lookback + 1` bars (moving windows, candle averages, price transforms);
 * - `recursive`: every earlier bar, with a weight that decays geometrically at a rate tied to the lookback
 *   (EMA, Wilder smoothing: RSI, ATR, ADX; MACD, TRIX, T3…), so a tail of RECURSIVE_WARMUP_MULTIPLE
 *   lookbacks reproduces the full-history value;
 * - `full`: the whole history (cumulative sums such as OBV, path-dependent state such as SAR or
 *   SuperTrend, adaptive smoothing such as KAMA and MAMA, outputs that are bar indices).
 */
export type HistoryNeed = 'window' | 'recursive' | 'full';

/**
 * Warm-up, in lookbacks, computed before the bar for `recursive` indicators. The error left by starting
 * late decays by about e^−1 per lookback for Wilder smoothing (α = 1/n, lookback ≈ n) and e^−2 for an EMA
 * (α = 2/(n+1), lookback n − 1); 40 lookbacks leave at most e^−40 ≈ 4e−18 of the starting error, far
 * below the 1e−9 relative agreement with the full history that test/screener/tail-history.test.ts checks
 * for every catalogue entry (which needed up to 25 on real data).
 */
export const RECURSIVE_WARMUP_MULTIPLE = 40;

// biome-ignore format: one line per catalogue group
const WINDOW = new Set([
  // overlap
  'sma', 'wma', 'trima', 'ma', 'hma', 'alma', 'vwma', 'midpoint', 'midprice', 'accbands',
  // momentum
  'stoch', 'stochf', 'macdext', 'ppo', 'apo', 'cci', 'cmo', 'roc', 'rocp', 'rocr', 'rocr100', 'mom',
  'willr', 'aroon', 'aroonosc', 'mfi', 'ultosc', 'bop', 'imi', 'ao',
  // volatility
  'trange', 'bbands', 'donchian', 'hv', 'ui',
  // volume
  'cmf', 'vwap', 'eom',
  // trend
  'linearreg', 'linearreg_slope', 'linearreg_angle', 'linearreg_intercept', 'tsf', 'ichimoku', 'vortex',
  'chop', 'dpo', 'vhf',
  // statistics
  'var', 'stddev', 'beta', 'correl', 'avgdev', 'zscore',
  // price transform
  'avgprice', 'medprice', 'typprice', 'wclprice',
  // math
  'acos', 'asin', 'atan', 'ceil', 'cos', 'cosh', 'exp', 'floor', 'ln', 'log10', 'sin', 'sinh', 'sqrt',
  'tan', 'tanh', 'add', 'sub', 'mult', 'div', 'max', 'min', 'sum', 'minmax',
  // screener fields
  'avg_dollar_volume', 'avg_volume',
]);

// biome-ignore format: one line per catalogue group
const RECURSIVE = new Set([
  // overlap
  'ema', 'dema', 'tema', 't3', 'smma', 'zlema',
  // momentum
  'rsi', 'stochrsi', 'macd', 'macdfix', 'adx', 'adxr', 'dx', 'plus_di', 'minus_di', 'plus_dm', 'minus_dm',
  'trix', 'tsi', 'pmo',
  // volatility
  'atr', 'natr', 'keltner', 'chv', 'starc', 'chexit',
  // volume
  'force', 'pvo',
  // trend
  'alligator', 'elder_ray',
]);

/** Moving-average choices (`ma_type` parameters) that make an otherwise windowed indicator recursive. */
const RECURSIVE_MA = new Set(['ema', 'dema', 'tema', 't3']);
/** Adaptive averages: their smoothing can slow down without bound, so they need the whole history. */
const ADAPTIVE_MA = new Set(['kama', 'mama']);

const RANK: Readonly<Record<HistoryNeed, number>> = { window: 0, recursive: 1, full: 2 };

const worse = (a: HistoryNeed, b: HistoryNeed): HistoryNeed => (RANK[b] > RANK[a] ? b : a);

/**
 * The history one computation needs. Codes not listed (an indicator added to the catalogue later) need
 * the full history until someone lists them — slower, never wrong. Parameters can make it worse: an
 * EMA-type `ma_type` makes a windowed indicator recursive, KAMA or MAMA makes any indicator full; CMO's
 * Wilder smoothing is recursive; an anchored or cumulative VWAP is full.
 */
export function historyNeed(meta: IndicatorMeta, params: ParamValues): HistoryNeed {
  let need: HistoryNeed = meta.group === 'candlestick' || WINDOW.has(meta.code) ? 'window' : 'full';
  if (RECURSIVE.has(meta.code)) need = 'recursive';
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    if (name.endsWith('ma_type') && RECURSIVE_MA.has(value)) need = worse(need, 'recursive');
    if (name.endsWith('ma_type') && ADAPTIVE_MA.has(value)) need = 'full';
    if (name === 'smoothing' && value === 'wilder') need = worse(need, 'recursive');
  }
  if (meta.code === 'vwap' && (params['reset_every'] !== 0 || params['period'] === 0)) need = 'full';
  return need;
}

/**
 * Bars to compute, ending at the evaluated one, so that its value and the previous bar's (for crosses)
 * equal the full-history ones: `lookback + 2` for a window, `(1 + RECURSIVE_WARMUP_MULTIPLE) × lookback + 2`
 * for a recursive indicator; `undefined` for the whole history.
 */
export function tailBars(need: HistoryNeed, lookback: number): number | undefined {
  if (need === 'window') return lookback + 2;
  if (need === 'recursive') return (1 + RECURSIVE_WARMUP_MULTIPLE) * lookback + 2;
  return undefined;
}
