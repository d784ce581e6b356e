import {
  type CovarianceMethod,
  PORTFOLIO_FAMILY,
  PORTFOLIO_OPTIMISERS,
  type PortfolioOptimiser,
  RISK_FAMILY,
  RISK_METRICS,
} from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import { nextTurn } from '../../../../event-loop-turns.js';
import {
  type BenchmarkChoice,
  requestedBenchmark,
  SPY,
} from '../../../../market/store/benchmark-resolver.js';
import type { DailySeries } from '../../../../market/store/types.js';
import { validateTicker } from '../../../../market/validate-ticker.js';
import { invalidFields, ProblemError } from '../../../../problems/problem-error.js';
import { BENCHMARK_CHOICE } from '../../../analytics/benchmark-choice-schema.js';
import { parseCodeList } from '../../../analytics/code-list.js';
import { computeOwner } from '../../../analytics/compute-pool.js';
import { paramQueryProperties, paramSpec, paramValues } from '../../../analytics/param-schema.js';
import { ADJUSTMENT, analyticsResponse, OPEN_OBJECTS } from '../../../analytics/response-schema.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import { lowerBound } from '../../../analytics/series-window.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { clientGone } from '../../../client-gone.js';

const MAX_HOLDINGS = 50;
const OPTIMISER_CODES: ReadonlyMap<string, PortfolioOptimiser> = new Map(
  PORTFOLIO_OPTIMISERS.map((o) => [o, o]),
);
/** The catalogue parameters of this endpoint: the portfolio family's, and confidence and risk-free rate. */
const PARAM_SPECS = [
  ...PORTFOLIO_FAMILY.params,
  paramSpec(RISK_FAMILY.params, 'confidence'),
  {
    ...paramSpec(RISK_FAMILY.params, 'risk_free'),
    description: 'Annual risk-free rate as a decimal, spread evenly over 252 periods',
  },
];
const HOLDING = /^([A-Za-z0-9.^=-]{1,20}):(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)$/;

const QUERY = {
  type: 'object',
  properties: {
    holdings: {
      type: 'string',
      description: `Up to ${MAX_HOLDINGS} TICKER:amount pairs; amounts are weights summing to 1 (units=weights) or share quantities (units=quantities). The example's tickers are the synthetic demo market's`,
      examples: ['VZN:0.4,PLST:0.35,DRRN:0.25'],
    },
    ...paramQueryProperties(PARAM_SPECS, ['units']),
    from: SERIES_QUERY_PROPERTIES.from,
    to: SERIES_QUERY_PROPERTIES.to,
    adjust: SERIES_QUERY_PROPERTIES.adjust,
    limit: {
      ...SERIES_QUERY_PROPERTIES.limit,
      description: 'Most recent daily returns analysed (dates common to every holding)',
    },
    benchmark: {
      type: 'string',
      description: `Benchmark ticker (default: the operator's BELLWETHER_MARKET_TICKER, else ${SPY} when it has bars through the window, else the market's index — SYNX on the synthetic demo; "none" for none). The answer names the one used and why (benchmark_choice)`,
    },
    ...paramQueryProperties(PARAM_SPECS, ['covariance']),
    optimize: {
      type: 'string',
      description: `Comma-separated optimisers to run on the same returns: ${PORTFOLIO_OPTIMISERS.join(', ')}. Each reports annual_volatility and expected_annual_return (the mean daily return × 252, not the CAGR of metrics.annual_return)`,
      examples: ['min_variance,max_sharpe,hrp'],
    },
    ...paramQueryProperties(PARAM_SPECS, ['min_weight', 'max_weight']),
    frontier: {
      type: 'integer',
      minimum: 2,
      maximum: 100,
      description:
        'Points on the efficient frontier (omit for none), each with annual_volatility, expected_annual_return (mean daily return × 252) and weights',
    },
    // The VaR/CVaR confidence and the risk-free rate exactly as the risk catalogue declares them.
    ...paramQueryProperties(PARAM_SPECS, ['confidence', 'risk_free']),
  },
  required: ['holdings'],
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  adjustment: 'split_div',
  parameters: {
    holdings: 'VZN:0.4,PLST:0.35,DRRN:0.25',
    units: 'weights',
    covariance: 'sample',
    benchmark: 'SYNX',
  },
  from: '2025-11-24',
  to: '2026-11-24',
  observations: 252,
  holdings: [{ ticker: 'VZN', weight: 0.4, risk_contribution: 0.47, marginal_risk: 0.0142 }],
  metrics: [{ code: 'sharpe', name: 'Sharpe ratio', unit: 'ratio', value: 1.12 }],
  correlation: [[1]],
  optimized: [
    {
      method: 'min_variance',
      weights: { VZN: 0.21, PLST: 0.33, DRRN: 0.46 },
      annual_volatility: 0.162,
      expected_annual_return: 0.11,
    },
  ],
};

interface Holding {
  readonly ticker: string;
  readonly amount: number;
}

function parseHoldings(raw: unknown, units: string): Holding[] {
  const errors: { pointer: string; detail: string }[] = [];
  const parts = String(raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  if (parts.length === 0) errors.push({ pointer: '/query/holdings', detail: 'names no holding' });
  if (parts.length > MAX_HOLDINGS)
    errors.push({
      pointer: '/query/holdings',
      detail: `names ${parts.length} holdings; at most ${MAX_HOLDINGS}`,
    });
  const seen = new Set<string>();
  const out: Holding[] = [];
  parts.forEach((part, i) => {
    const m = HOLDING.exec(part);
    const amount = m === null ? Number.NaN : Number(m[2]);
    if (m === null || !Number.isFinite(amount)) {
      errors.push({ pointer: `/query/holdings/${i}`, detail: 'must be TICKER:number, e.g. AAPL:0.4' });
      return;
    }
    const ticker = (m[1] as string).toUpperCase();
    if (seen.has(ticker)) errors.push({ pointer: `/query/holdings/${i}`, detail: `${ticker} appears twice` });
    seen.add(ticker);
    if (units === 'quantities' && amount < 0)
      errors.push({ pointer: `/query/holdings/${i}`, detail: 'quantities must not be negative' });
    out.push({ ticker, amount });
  });
  if (errors.length === 0 && units === 'weights') {
    const sum = out.reduce((a, h) => a + h.amount, 0);
    if (Math.abs(sum - 1) > 1e-3)
      errors.push({
        pointer: '/query/holdings',
        detail: `weights sum to ${Number(sum.toFixed(6))}; they must sum to 1 (or give units=quantities)`,
      });
  }
  if (errors.length === 0 && units === 'quantities' && out.every((h) => h.amount === 0))
    errors.push({ pointer: '/query/holdings', detail: 'every quantity is zero' });
  if (errors.length > 0) throw invalidFields(errors);
  return out;
}

/** Date comparisons a turn of the event loop may spend aligning (a few milliseconds). */
const ALIGN_STEPS_PER_TURN = 20_000;

/**
 * Close prices of every series on the dates all of them share (with a finite close), ascending. A merge
 * of the ascending date columns, in turns of the event loop of {@link ALIGN_STEPS_PER_TURN} steps: with
 * 50 holdings over 20 years the hash maps it replaced held the event loop ~120–230 ms a request, and the
 * merge in one piece still 50–100 ms (issue #23's isolation bench).
 */
async function alignCloses(
  series: readonly DailySeries[],
): Promise<{ dates: string[]; closes: Float64Array[] }> {
  const first = series[0];
  if (first === undefined) return { dates: [], closes: [] };
  const at = new Array<number>(series.length).fill(0);
  const rows: number[] = [];
  const dates: string[] = [];
  let steps = 0;
  candidates: for (let i = 0; i < first.dates.length; i++) {
    steps += series.length;
    if (steps >= ALIGN_STEPS_PER_TURN) {
      steps = 0;
      await nextTurn();
    }
    const d = first.dates[i] as string;
    for (let k = 0; k < series.length; k++) {
      const s = series[k] as DailySeries;
      let j = k === 0 ? i : (at[k] as number);
      while (j < s.dates.length && (s.dates[j] as string) < d) j++;
      at[k] = j;
      if (s.dates[j] !== d || !Number.isFinite(s.close[j] as number)) continue candidates;
    }
    dates.push(d);
    for (const j of at) rows.push(j);
  }
  const closes = series.map(() => new Float64Array(dates.length));
  for (let r = 0; r < dates.length; r++)
    for (let k = 0; k < series.length; k++)
      (closes[k] as Float64Array)[r] = (series[k] as DailySeries).close[
        rows[r * series.length + k] as number
      ] as number;
  return { dates, closes };
}

const returnsOf = (p: Float64Array): Float64Array => {
  const r = new Float64Array(Math.max(0, p.length - 1));
  for (let k = 1; k < p.length; k++) r[k - 1] = (p[k] as number) / (p[k - 1] as number) - 1;
  return r;
};

/** GET /analytics/portfolio — metrics, covariance and risk contributions of holdings; optimisers and frontier. */
export function portfolioRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analytics/portfolio',
    operationId: 'getPortfolioAnalytics',
    entitlement: 'portfolio',
    billable: true,
    summary: 'Portfolio analytics and optimisation',
    description:
      'The 36 risk metrics of a portfolio (constant weights rebalanced daily, or fixed quantities), its covariance and correlation (sample or Ledoit–Wolf), each holding’s risk contribution, and on request optimised portfolios (min variance, max Sharpe, min CVaR, equal risk, HRP, inverse volatility, equal weight) within weight bounds and the efficient frontier — all on the daily returns of the dates every holding shares.',
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: analyticsResponse(
        {
          adjustment: ADJUSTMENT,
          benchmark_choice: BENCHMARK_CHOICE,
          holdings: OPEN_OBJECTS,
          metrics: OPEN_OBJECTS,
        },
        EXAMPLE,
      ),
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const values = paramValues(PARAM_SPECS, q);
      const units = String(values.units);
      const holdings = parseHoldings(q.holdings, units);
      const p = parseSeriesQuery({ ...q, ticker: holdings[0]?.ticker ?? 'X' });
      const optimisers =
        q.optimize === undefined ? [] : parseCodeList(q.optimize, 'optimize', OPTIMISER_CODES, 'optimiser');
      const covarianceKind = values.covariance as CovarianceMethod;
      const lower = Number(values.min_weight);
      const upper = Number(values.max_weight);
      const frontierPoints = q.frontier === undefined ? undefined : Number(q.frontier);
      const confidence = Number(values.confidence);
      const riskFreeAnnual = Number(values.risk_free);
      if (lower > upper || lower * holdings.length > 1 || upper * holdings.length < 1)
        throw new ProblemError('validation_failed', 'The weight bounds admit no fully invested portfolio.', {
          extras: {
            errors: [
              {
                pointer: '/query/max_weight',
                detail: `with ${holdings.length} holdings, min_weight × n must be ≤ 1 ≤ max_weight × n`,
              },
            ],
          },
        });
      // Optimisers and the frontier hold a worker thread for up to seconds: one of the key's heavy slots.
      if (optimisers.length > 0 || frontierPoints !== undefined) deps.answers.hold(request, reply);
      const now = deps.clock.now();
      const instruments = [];
      for (const h of holdings) instruments.push(await validateTicker(deps.market, h.ticker));
      const named = typeof q.benchmark === 'string' ? q.benchmark.trim().toUpperCase() : undefined;
      let requested: BenchmarkChoice | undefined;
      if (named === 'NONE') requested = requestedBenchmark(null);
      else if (named !== undefined)
        requested = requestedBenchmark((await validateTicker(deps.market, named)).ticker);
      const query = { asOf: now, adjustment: p.adjust, ...(p.to === undefined ? {} : { to: p.to }) };
      const series: DailySeries[] = [];
      for (const i of instruments) {
        // A cached series loads synchronously: let other requests in between holdings.
        await nextTurn();
        const s = await deps.market.getDailySeries(i.ticker, query);
        if (s === undefined || s.dates.length === 0)
          throw new ProblemError(
            'insufficient_history',
            `${i.ticker} has no bars through the requested date.`,
          );
        series.push(s);
      }
      // The benchmark: as named, else the one resolver's (ADR 0081) for the holdings' common last date.
      const through = series.map((s) => s.dates.at(-1) as string).sort()[0];
      const resolved =
        requested === undefined
          ? await deps.benchmarks.resolve(query, through)
          : {
              choice: requested,
              series:
                requested.ticker === null
                  ? undefined
                  : await deps.market.getDailySeries(requested.ticker, query),
            };
      const benchTicker = resolved.choice.ticker;
      const bench = resolved.series;
      const useBench = bench !== undefined && bench.dates.length > 0;
      const aligned = await alignCloses(useBench ? [...series, bench] : series);
      let start = p.from === undefined ? 0 : lowerBound(aligned.dates, p.from);
      start = Math.max(start, aligned.dates.length - (p.limit + 1));
      const dates = aligned.dates.slice(start);
      const prices = aligned.closes.map((c) => c.slice(start));
      if (dates.length < 3)
        throw new ProblemError(
          'insufficient_history',
          `The holdings share ${dates.length} dates in the window; at least 3 are needed (two returns).`,
        );
      const assetPrices = prices.slice(0, holdings.length);
      const tickers = instruments.map((i) => i.ticker);
      const bounds = { lower, upper };
      // Off the event loop: optimisers and the frontier can take a second of CPU (ComputePool); 503 when
      // its queue is full, dropped from it if the client leaves.
      const computed = await deps.compute.admit(computeOwner(request), clientGone(reply)).portfolio({
        tickers,
        units: units === 'weights' ? 'weights' : 'quantities',
        amounts: holdings.map((h) => h.amount),
        cols: assetPrices.map(returnsOf),
        prices: assetPrices,
        ...(useBench ? { benchmark: returnsOf(prices[holdings.length] as Float64Array) } : {}),
        riskFreeAnnual,
        confidence,
        covariance: covarianceKind,
        optimisers,
        bounds,
        ...(frontierPoints === undefined ? {} : { frontierPoints }),
      });
      return {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: {
          units,
          from: p.from ?? null,
          to: p.to ?? null,
          limit: p.limit,
          benchmark: useBench ? benchTicker : null,
          covariance: covarianceKind,
          confidence,
          risk_free: riskFreeAnnual,
          min_weight: lower,
          max_weight: upper,
          returns:
            'simple daily, on dates every holding (and the benchmark) shares; weights rebalanced daily',
          annualisation: '252 periods per year',
        },
        benchmark_choice: resolved.choice,
        sources: Object.fromEntries(series.map((s) => [s.ticker, s.source])),
        known_through: series.map((s) => s.known_through).sort()[0] ?? null,
        from: dates[0] ?? null,
        to: dates.at(-1) ?? null,
        observations: computed.observations,
        holdings: computed.holdings,
        metrics: RISK_METRICS.map((m, i) => {
          const v = computed.metrics[i]?.value ?? null;
          const ok = v !== null;
          return {
            code: m.code,
            name: m.name,
            unit: m.unit,
            convention: m.convention,
            value: v,
            ...(ok
              ? {}
              : {
                  reason:
                    m.requiresBenchmark && !useBench
                      ? `needs a benchmark: ${resolved.choice.ticker === null ? resolved.choice.detail : `${resolved.choice.ticker} has no bars in the window`}`
                      : 'undefined for these returns (e.g. no losing or no varying periods)',
                }),
          };
        }),
        covariance: { estimator: covarianceKind, per: 'day', matrix: computed.covariance },
        correlation: computed.correlation,
        ...(optimisers.length === 0 ? {} : { optimized: computed.optimized }),
        ...(computed.frontier === undefined ? {} : { frontier: computed.frontier }),
      };
    },
  };
}
