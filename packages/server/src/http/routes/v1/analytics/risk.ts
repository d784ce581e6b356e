import {
  RISK_FAMILY,
  RISK_METRICS,
  RISK_PARAMS,
  type RiskMetricMeta,
  simpleReturns,
} from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import { defaultBenchmark, PREFERRED_BENCHMARK } from '../../../../market/store/default-benchmark.js';
import { isStale } from '../../../../market/store/known-through.js';
import { parseCodeList } from '../../../analytics/code-list.js';
import { paramQueryProperties, paramValues } from '../../../analytics/param-schema.js';
import { ADJUSTMENT, analyticsResponse } from '../../../analytics/response-schema.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { validateTicker } from '../../../validate-ticker.js';

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
      description: `Benchmark ticker for beta, alpha, capture and tracking metrics (default: ${PREFERRED_BENCHMARK} when the universe has it, else the market's index — SYNX on the synthetic demo; "none" for none). The answer names the one used`,
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
    observations: { type: 'integer', description: 'Daily returns in the window' },
    benchmark: { ...NULLABLE_STRING, description: 'The benchmark the relative metrics use' },
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
  results: [
    {
      ticker: 'VZN',
      source: 'synthetic',
      known_through: '2026-11-24',
      from: '2025-11-21',
      to: '2026-11-24',
      observations: 252,
      benchmark: 'SYNX',
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
        { adjustment: ADJUSTMENT, results: { type: 'array', items: RESULT } },
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
      let benchmarkTicker: string | undefined;
      if (named === undefined) {
        benchmarkTicker = await defaultBenchmark(deps.market);
      } else if (named !== 'NONE') {
        benchmarkTicker = (await validateTicker(deps.market, named)).ticker;
      }
      const query = { asOf: now, adjustment: p.adjust, ...(p.to === undefined ? {} : { to: p.to }) };
      const bench =
        benchmarkTicker === undefined ? undefined : await deps.market.getDailySeries(benchmarkTicker, query);
      const results = [];
      for (const ticker of p.tickers) {
        const instrument = await validateTicker(deps.market, ticker);
        const series = await deps.market.getDailySeries(instrument.ticker, query);
        const dates = series?.dates ?? [];
        let start =
          p.from === undefined
            ? Math.max(0, dates.length - p.limit - 1)
            : dates.findIndex((d) => d >= (p.from as string));
        if (start < 0) start = dates.length;
        const window = {
          dates: dates.slice(start),
          close: (series?.close ?? new Float64Array()).slice(start),
        };
        const useBench = bench !== undefined && instrument.ticker !== benchmarkTicker;
        const aligned = useBench
          ? alignedReturns(window, bench)
          : { dates: window.dates, returns: simpleReturns(window.close), benchmark: undefined };
        const returns = aligned.returns.subarray(1);
        const benchReturns = aligned.benchmark?.subarray(1);
        const input = {
          returns,
          ...(benchReturns === undefined ? {} : { benchmark: benchReturns }),
          riskFree: riskFreeAnnual / periodsPerYear,
        };
        results.push({
          ticker: instrument.ticker,
          source: series?.source ?? 'none',
          adjustment: series?.adjustment ?? null,
          known_through: series?.known_through ?? null,
          last_bar: series?.last_bar ?? null,
          stale: series !== undefined && isStale(series),
          from: aligned.dates[0] ?? null,
          to: aligned.dates.at(-1) ?? null,
          observations: returns.length,
          benchmark: useBench ? benchmarkTicker : null,
          metrics: metrics.map((m) => {
            const needsBench = m.requiresBenchmark && benchReturns === undefined;
            const value =
              needsBench || returns.length < 2 ? Number.NaN : m.compute(input, paramsFor(m, params));
            return {
              code: m.code,
              name: m.name,
              unit: m.unit,
              convention: m.convention,
              value: Number.isFinite(value) ? value : null,
              ...(m.unit === 'index' ? { date: sessionOfIndex(aligned.dates, m.code, value) } : {}),
              ...(Number.isFinite(value)
                ? {}
                : {
                    reason: needsBench
                      ? bench !== undefined
                        ? `the ticker is the benchmark (${benchmarkTicker}); name another with benchmark=`
                        : `needs a benchmark (benchmark=, or ${PREFERRED_BENCHMARK} or an index in the universe)`
                      : returns.length < 2
                        ? 'fewer than two returns in the window'
                        : 'undefined for these returns (e.g. no losing or no varying periods)',
                  }),
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
          benchmark: benchmarkTicker ?? null,
          ...params,
          risk_free: riskFreeAnnual,
          returns: 'simple, close to close',
        },
        results,
      };
    },
  };
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
