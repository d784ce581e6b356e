import {
  amihudIlliquidity,
  computeRiskMetrics,
  corwinSchultzSpread,
  type FactorSnapshot,
  factorSnapshot,
  RISK_METRICS,
  type ScanInput,
  simpleReturns,
} from '@bellwether/analytics';
import type { FeedEntry } from '../db/records.js';
import type { BenchmarkChoice } from '../market/store/benchmark-resolver.js';
import type { DailySeries } from '../market/store/types.js';
import type { UniverseStatement } from '../market/universe/membership.js';

/** Returns the analytics snapshot is computed on (one year). */
const SNAPSHOT_RETURNS = 252;
const LIQUIDITY_WINDOW = 21;
const RISK_CODES = [
  'annual_return',
  'annual_volatility',
  'sharpe',
  'sortino',
  'max_drawdown',
  'var',
  'cvar',
  'beta',
  'correlation',
] as const;
const RISK = RISK_METRICS.filter((m) => (RISK_CODES as readonly string[]).includes(m.code));

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** NaN → null, recursively, so the snapshot is valid JSON with explicit gaps. */
function json<T>(x: T): unknown {
  if (typeof x === 'number') return finite(x);
  if (x === null || typeof x !== 'object') return x;
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, json(v)]));
}

export interface SnapshotInput {
  readonly session: string;
  readonly ticker: string;
  readonly series: DailySeries;
  readonly scan: ScanInput;
  /** Benchmark closes aligned with the series' dates (NaN where missing), when there is a benchmark. */
  readonly benchmark?: { readonly ticker: string; readonly close: Float64Array };
  /** The one resolver's market series for the session and why (ADR 0081): the same in every record. */
  readonly market: BenchmarkChoice;
  readonly sentiment?: { readonly mean_score: number; readonly items: number };
}

/**
 * The feed's two per-ticker records for a session, both from data through the previous session's close:
 * `signals` (trend, momentum, volatility, liquidity and news-sentiment factors) and `analytics` (one-year
 * risk metrics against the benchmark and daily liquidity estimators).
 */
export function tickerSnapshots(x: SnapshotInput): FeedEntry[] {
  const s = x.series;
  const t = s.dates.length - 1;
  const dataThrough = s.dates[t] as string;
  const key = `${x.session}:${x.ticker}`;
  const factors: FactorSnapshot = factorSnapshot(x.scan.long, t);
  const signals = {
    session: x.session,
    ticker: x.ticker,
    data_through: dataThrough,
    ...(json(factors) as object),
    sentiment: {
      news_7d: x.sentiment?.items ?? 0,
      mean_score_7d: x.sentiment === undefined ? null : finite(x.sentiment.mean_score),
    },
  };
  const from = Math.max(0, t - SNAPSHOT_RETURNS);
  const returns = simpleReturns(s.close.subarray(from)).subarray(1);
  const bench =
    x.benchmark === undefined ? undefined : simpleReturns(x.benchmark.close.subarray(from)).subarray(1);
  const usable = bench?.every(Number.isFinite) === true ? bench : undefined;
  const metrics = computeRiskMetrics(
    { returns, ...(usable === undefined ? {} : { benchmark: usable }), riskFree: 0 },
    { confidence: 0.95, periods_per_year: 252, method: 'historical' },
    RISK,
  );
  const lo = Math.max(0, t - LIQUIDITY_WINDOW - 1);
  const tail = (a: Float64Array) => a.subarray(lo);
  const amihud = amihudIlliquidity(tail(s.close), tail(s.volume), { window: LIQUIDITY_WINDOW });
  const cs = corwinSchultzSpread(tail(s.high), tail(s.low), tail(s.close), { window: LIQUIDITY_WINDOW });
  const analytics = {
    session: x.session,
    ticker: x.ticker,
    data_through: dataThrough,
    returns: returns.length,
    benchmark: usable === undefined ? null : (x.benchmark?.ticker ?? null),
    benchmark_choice: x.market,
    risk: Object.fromEntries(RISK_CODES.map((c) => [c, finite(metrics[c] ?? Number.NaN)])),
    liquidity: {
      amihud_21d: finite(amihud.at(-1) ?? Number.NaN),
      corwin_schultz_21d: finite(cs.at(-1) ?? Number.NaN),
    },
  };
  return [
    { dataset: 'signals', record_key: key, session: x.session, ticker: x.ticker, payload: signals },
    { dataset: 'analytics', record_key: key, session: x.session, ticker: x.ticker, payload: analytics },
  ];
}

/**
 * The session's snapshots, each stating the universe the publication drew from that session (ADR 0088):
 * the same statement the publication returns, so a feed reader knows which tickers a day's rows could
 * have held and the survivorship that remains. Known only once every ticker is scanned, so added last.
 */
export function withUniverse(entries: readonly FeedEntry[], universe: UniverseStatement): FeedEntry[] {
  return entries.map((e) => ({ ...e, payload: { ...(e.payload as object), universe } }));
}
