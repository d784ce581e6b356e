import {
  RISK_FAMILY,
  RISK_METRICS,
  RISK_PARAMS,
  type RiskMetricMeta,
  simpleReturns,
} from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import {
  type BenchmarkChoice,
  requestedBenchmark,
  SPY,
} from '../../../../market/store/benchmark-resolver.js';
import { isStale } from '../../../../market/store/known-through.js';
import type { DailySeries } from '../../../../market/store/types.js';
import { validateTicker } from '../../../../market/validate-ticker.js';
import { BENCHMARK_CHOICE } from '../../../analytics/benchmark-choice-schema.js';
import { parseCodeList } from '../../../analytics/code-list.js';
import { paramQueryProperties, paramValues } from '../../../analytics/param-schema.js';
import { ADJUSTMENT, analyticsResponse } from '../../../analytics/response-schema.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';

const QUERY = {
  type: 'object',
  properties: {
    ...SERIES_QUERY_PROPERTIES,
    metrics: {
      type: 'string',
      description: `Comma-separated metric codes (default: all ${RISK_METRICS.length}); see the conventions in docs/analytics/risk.md`,
      examples: ['sharpe,sortino,max_drawdown,var,beta'],
    },
    benchmark: {
      type: 'string',
      description: `Benchmark ticker for beta, alpha, capture and tracking metrics (default: the operator's BELLWETHER_MARKET_TICKER, else ${SPY} when it has bars through the window, else the market's index — SYNX on the synthetic demo; "none" for none). The answer names the one used and why (benchmark_choice)`,
    },
    // Every metric's parameters and the risk-free rate, exactly as the risk catalogue declares them.
    ...paramQueryProperties(RISK_FAMILY.params),
  },
  additionalProperties: false,
} as const;

const BY_CODE: ReadonlyMap<string, RiskMetricMeta> = new Map(RISK_METRICS.map((m) => [m.code, m]));

/** Dates-aligned simple returns of two close series (intersection of dates, in order). */
function alignedReturns(
  a: { dates: readonly string[]; close: Float64Array },
  b: { dates: readonly string[]; close: Float64Array },
) {
  const byDate = new Map(b.dates.map((d, i) => [d, b.close[i] as number]));
  const dates: string[] = [];
  const ca: number[] = [];
  const cb: number[] = [];
  a.dates.forEach((d, i) => {
    const v = byDate.get(d);
    if (v === undefined) return;
    dates.push(d);
    ca.push(a.close[i] as number);
    cb.push(v);
  });
  return {
    dates,
    returns: simpleReturns(Float64Array.from(ca)),
    benchmark: simpleReturns(Float64Array.from(cb)),
  };
}

const NULLABLE_STRING = { type: ['string', 'null'] } as const;
/** One ticker's metrics over its window (documented for clients and the SDK; extra members pass). */
const RESULT = {
  type: 'object',
  additionalProperties: true,
  required: ['ticker', 'observations', 'metrics'],
  properties: {
    ticker: { type: 'string' },
    source: { type: 'string', description: 'Where the bars came from (synthetic, csv:…)' },
    adjustment: {
      ...NULLABLE_STRING,
      description:
        'The adjustment of these prices: as asked, or split_div for a series its provider adjusted',
    },
    known_through: { ...NULLABLE_STRING, description: 'Last session closed at as_of' },
    last_bar: { ...NULLABLE_STRING, description: "The ticker's last bar known at as_of" },
    stale: {
      type: 'boolean',
      description: 'True when last_bar is before known_through: data not delivered yet',
    },
    from: { ...NULLABLE_STRING, description: 'First date of the returns window' },
    to: { ...NULLABLE_STRING, description: 'Last date of the returns window' },
    observations: {
      type: 'integer',
      description: 'Daily returns in the window (what every metric that needs no benchmark uses)',
    },
    benchmark: { ...NULLABLE_STRING, description: 'The benchmark the relative metrics use' },
    benchmark_observations: {
      type: 'integer',
      description:
        'Daily returns of the window on dates the benchmark also has (what the relative metrics use); 0 without a benchmark',
    },
    metrics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        required: ['code', 'value'],
        properties: {
          code: { type: 'string' },
          name: { type: 'string' },
          unit: { type: 'string' },
          convention: { type: 'string' },
          value: { type: ['number', 'null'] },
          date: {
            ...NULLABLE_STRING,
            description:
              'For the drawdown timing metrics (unit `index`): the session the index names — the peak, trough or recovery day (the peak of a drawdown from the start is the first date of the window); null when there is no such day (no drawdown, not recovered)',
          },
          reason: { type: 'string', description: 'Why value is null (present only then)' },
        },
      },
    },
  },
} as const;
const EXAMPLE = {
  as_of: '2026-11-25T17:00:00Z',
  adjustment: 'split_div',
  parameters: { from: null, to: null, limit: 252, benchmark: 'SYNX', confidence: 0.95, risk_free: 0.02 },
  benchmark_choice: {
    ticker: 'SYNX',
    reason: 'market_index',
    detail: "SPY is not in the universe: the market's index SYNX",
  },
  results: [
    {
      ticker: 'VZN',
      source: 'synthetic',
      known_through: '2026-11-24',
      from: '2025-11-21',
      to: '2026-11-24',
      observations: 252,
      benchmark: 'SYNX',
      benchmark_observations: 252,
      metrics: [
        { code: 'sharpe', name: 'Sharpe ratio', unit: 'ratio', convention: 'annualised', value: 1.12 },
        { code: 'beta', name: 'Beta', unit: 'ratio', convention: 'against the benchmark', value: 1.08 },
      ],
    },
  ],
};

/** GET /analytics/risk — the risk metrics of daily returns over a window, with their conventions. */
export function riskRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analytics/risk',
    operationId: 'getRiskAnalytics',
    entitlement: 'risk',
    billable: true,
    summary: 'Risk metrics',
    description:
      'Return, volatility, drawdown, tail and benchmark-relative metrics of simple daily returns over the window, each with its declared convention; null only with a reason.',
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: analyticsResponse(
        {
          adjustment: ADJUSTMENT,
          benchmark_choice: BENCHMARK_CHOICE,
          results: { type: 'array', items: RESULT },
        },
        EXAMPLE,
      ),
    },
    async handler(request) {
      const q = request.query as Record<string, unknown>;
      const p = parseSeriesQuery(q);
      const metrics = parseCodeList(q.metrics, 'metrics', BY_CODE, 'metric');
      // The engine's parameters, as its catalogue declares them (AJV has checked type and range).
      const params = paramValues(RISK_PARAMS, q);
      const periodsPerYear = Number(params.periods_per_year);
      const riskFreeAnnual = Number(paramValues(RISK_FAMILY.params, q).risk_free);
      const now = deps.clock.now();
      const named = typeof q.benchmark === 'string' ? q.benchmark.trim().toUpperCase() : undefined;
      const query = { asOf: now, adjustment: p.adjust, ...(p.to === undefined ? {} : { to: p.to }) };
      const windows = [];
      for (const ticker of p.tickers) {
        const instrument = await validateTicker(deps.market, ticker);
        const series = await deps.market.getDailySeries(instrument.ticker, query);
        windows.push({ ticker: instrument.ticker, series, window: windowOf(series, p) });
      }
      // The benchmark: as named, else the one resolver's (ADR 0081) for the window's last date.
      let choice: BenchmarkChoice;
      let bench: DailySeries | undefined;
      if (named === undefined) {
        const through = windows
          .map((w) => w.window.dates.at(-1))
          .filter((d): d is string => d !== undefined)
          .sort()
          .at(-1);
        ({ choice, series: bench } = await deps.benchmarks.resolve(query, through));
      } else if (named === 'NONE') {
        choice = requestedBenchmark(null);
      } else {
        choice = requestedBenchmark((await validateTicker(deps.market, named)).ticker);
        bench = await deps.market.getDailySeries(choice.ticker as string, query);
      }
      const benchmarkTicker = choice.ticker ?? undefined;
      const results = [];
      for (const { ticker, series, window } of windows) {
        const own = ticker === benchmarkTicker;
        // Metrics that need no benchmark use the whole window; relative ones the dates both have.
        const returns = simpleReturns(window.close).subarray(1);
        const aligned = own || bench === undefined ? undefined : alignedReturns(window, bench);
        const pairs = aligned?.returns.subarray(1);
        const benchReturns = aligned?.benchmark.subarray(1);
        const hasPairs = pairs !== undefined && pairs.length >= 2;
        const riskFree = riskFreeAnnual / periodsPerYear;
        results.push({
          ticker,
          source: series?.source ?? 'none',
          adjustment: series?.adjustment ?? null,
          known_through: series?.known_through ?? null,
          last_bar: series?.last_bar ?? null,
          stale: series !== undefined && isStale(series),
          from: window.dates[0] ?? null,
          to: window.dates.at(-1) ?? null,
          observations: returns.length,
          benchmark: own || choice.ticker === null ? null : choice.ticker,
          benchmark_observations: pairs?.length ?? 0,
          metrics: metrics.map((m) => {
            const value = !m.requiresBenchmark
              ? returns.length < 2
                ? Number.NaN
                : m.compute({ returns, riskFree }, paramsFor(m, params))
              : !hasPairs
                ? Number.NaN
                : m.compute(
                    { returns: pairs, benchmark: benchReturns as Float64Array, riskFree },
                    paramsFor(m, params),
                  );
            const dates = m.requiresBenchmark ? (aligned?.dates ?? []) : window.dates;
            return {
              code: m.code,
              name: m.name,
              unit: m.unit,
              convention: m.convention,
              value: Number.isFinite(value) ? value : null,
              ...(m.unit === 'index' ? { date: sessionOfIndex(dates, m.code, value) } : {}),
              ...(Number.isFinite(value)
                ? {}
                : { reason: nullReason(m, { own, choice, returns: returns.length, pairs: pairs?.length }) }),
            };
          }),
        });
      }
      return {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: {
          from: p.from ?? null,
          to: p.to ?? null,
          limit: p.limit,
          benchmark: choice.ticker,
          ...params,
          risk_free: riskFreeAnnual,
          returns: 'simple, close to close',
        },
        benchmark_choice: choice,
        results,
      };
    },
  };
}

/** The window of one ticker's series the request asks for: `from`, else the last `limit` returns. */
function windowOf(series: DailySeries | undefined, p: { from?: string | undefined; limit: number }) {
  const dates = series?.dates ?? [];
  let start =
    p.from === undefined
      ? Math.max(0, dates.length - p.limit - 1)
      : dates.findIndex((d) => d >= (p.from as string));
  if (start < 0) start = dates.length;
  return { dates: dates.slice(start), close: (series?.close ?? new Float64Array()).slice(start) };
}

/** Why a metric is null, in words a client can act on. */
function nullReason(
  m: RiskMetricMeta,
  x: { own: boolean; choice: BenchmarkChoice; returns: number; pairs: number | undefined },
): string {
  if (m.requiresBenchmark) {
    if (x.own) return `the ticker is the benchmark (${x.choice.ticker}); name another with benchmark=`;
    if (x.choice.ticker === null)
      return `needs a benchmark (benchmark=, or ${SPY} or an index with bars in the universe): ${x.choice.detail}`;
    if ((x.pairs ?? 0) < 2)
      return `fewer than two returns on dates both the ticker and the benchmark ${x.choice.ticker} have`;
  } else if (x.returns < 2) return 'fewer than two returns in the window';
  return 'undefined for these returns (e.g. no losing or no varying periods)';
}

/**
 * The session an index into the returns names (returns[i] ends on dates[i + 1]). The peak's −1 is the
 * starting capital: the window's first close. Any other −1 (no drawdown, not recovered) names no day.
 */
function sessionOfIndex(dates: readonly string[], code: string, index: number): string | null {
  if (!Number.isInteger(index)) return null;
  if (index === -1) return code === 'max_drawdown_peak' ? (dates[0] ?? null) : null;
  return dates[index + 1] ?? null;
}

/** The endpoint's parameters that this metric takes (each metric declares its own). */
function paramsFor(m: RiskMetricMeta, all: Record<string, number | string>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const spec of m.params) out[spec.name] = all[spec.name] ?? spec.default;
  return out;
}
