import {
  type IndicatorRequest,
  MAX_INDICATORS,
  parseIndicatorList,
} from '../../../analytics/indicator-list.js';
import { ResultCache, seriesFingerprint } from '../../../analytics/result-cache.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import { loadSeriesWindow, windowHeader } from '../../../analytics/series-window.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { iso } from '../../../schemas/common.js';

const toJson = (x: Float64Array, from: number, to: number): (number | null)[] => {
  const out: (number | null)[] = new Array(to - from);
  for (let i = from; i < to; i++) {
    const v = x[i] as number;
    out[i - from] = Number.isFinite(v) ? v : null;
  }
  return out;
};

const QUERY = {
  type: 'object',
  properties: {
    ...SERIES_QUERY_PROPERTIES,
    indicators: {
      type: 'string',
      description: `Up to ${MAX_INDICATORS} indicators from the catalogue, positional or named arguments: rsi(14),macd(12,26,9),bbands(period=20)`,
      examples: ['rsi(14),macd(12,26,9),bbands(20,2,2)'],
    },
  },
  required: ['indicators'],
  additionalProperties: false,
} as const;

const RESULT = {
  type: 'object',
  description: 'One ticker: dates and, per requested indicator, its output series aligned with them',
  additionalProperties: true,
  properties: {
    ticker: { type: 'string' },
    source: { type: 'string', description: 'Where the bars came from (synthetic, csv:…)' },
    known_through: { type: 'string', description: 'Last session known at as_of' },
    dates: { type: 'array', items: { type: 'string' } },
    indicators: { type: 'array', items: { type: 'object', additionalProperties: true } },
    series: { type: 'object', additionalProperties: true },
  },
  examples: [
    {
      ticker: 'AAPL',
      source: 'synthetic',
      known_through: '2026-11-24',
      dates: ['2026-11-21', '2026-11-24'],
      indicators: [
        {
          label: 'rsi(14)',
          code: 'rsi',
          params: { period: 14 },
          outputs: ['real'],
          lookback: 14,
          nulls_in_window: 0,
        },
      ],
      series: { 'rsi(14)': { rsi: [55.2, 57.9] } },
    },
  ],
} as const;

/**
 * GET /analytics/technical — catalogue indicators over a window, per ticker (batch with `tickers=`).
 * Computed on the whole history through `to`, so the warm-up lies before `from` and the window has no
 * avoidable nulls; each indicator states its lookback and how many nulls remain in the window.
 */
export function technicalRoute(deps: AppDeps): ApiRouteDef {
  const cache = new ResultCache();
  return {
    method: 'GET',
    path: '/analytics/technical',
    entitlement: 'technical',
    billable: true,
    summary: 'Technical indicators',
    description:
      'Indicators from the catalogue (/analytics/technical/catalog) on daily bars, aligned with dates; `null` only where an indicator has too little history before the bar, and each indicator says how many such nulls the window holds. States as_of, adjustment and source.',
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          properties: {
            as_of: { type: 'string' },
            adjustment: { type: 'string', enum: ['raw', 'split', 'split_div'] },
            parameters: { type: 'object', additionalProperties: true },
            results: { type: 'array', items: RESULT },
          },
        },
      },
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const indicators = parseIndicatorList(q.indicators);
      const p = parseSeriesQuery(q);
      const now = deps.clock.now();
      const labels = indicators.map((i) => i.label).join(',');
      const results: string[] = [];
      for (const ticker of p.tickers) {
        const w = await loadSeriesWindow(deps.market, ticker, p, now);
        // A result is a pure function of the bars through the window's end, the window and the indicators.
        const key =
          w.series === undefined
            ? undefined
            : `${w.instrument.ticker}|${w.series.source}|${w.series.known_through}|${w.start}|${labels}|${seriesFingerprint(w.series, w.end)}`;
        const hit = key === undefined ? undefined : cache.get(key);
        if (hit !== undefined) {
          results.push(hit);
          continue;
        }
        const json = JSON.stringify({
          ...windowHeader(w),
          dates: (w.series?.dates ?? []).slice(w.start, w.end),
          ...computeAll(indicators, w.series, w.start, w.end),
        });
        if (key !== undefined) cache.set(key, json);
        results.push(json);
      }
      const head = {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: {
          indicators: indicators.map((i) => i.label),
          from: p.from ?? null,
          to: p.to ?? null,
          limit: p.limit,
        },
      };
      // Serialised directly: the series dominate the body, and V8's JSON.stringify formats numbers faster
      // than the schema serialiser, which falls back to it for open objects anyway.
      const body = `${JSON.stringify(head).slice(0, -1)},"results":[${results.join(',')}]}`;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}

function computeAll(
  indicators: readonly IndicatorRequest[],
  series:
    | { open: Float64Array; high: Float64Array; low: Float64Array; close: Float64Array; volume: Float64Array }
    | undefined,
  start: number,
  end: number,
) {
  const described = [];
  const out: Record<string, Record<string, (number | null)[]>> = {};
  for (const ind of indicators) {
    const lookback = ind.meta.lookback(ind.params);
    const values: Record<string, (number | null)[]> = {};
    let nulls = 0;
    if (series !== undefined && end > 0) {
      const outputs = ind.meta.compute(series, ind.params);
      for (const o of ind.meta.outputs) {
        const col = toJson(outputs[o.name] as Float64Array, start, end);
        values[o.name] = col;
        nulls = Math.max(nulls, col.filter((v) => v === null).length);
      }
    } else for (const o of ind.meta.outputs) values[o.name] = [];
    out[ind.label] = values;
    described.push({
      label: ind.label,
      code: ind.meta.code,
      name: ind.meta.name,
      params: ind.params,
      outputs: ind.meta.outputs.map((o) => o.name),
      lookback,
      nulls_in_window: nulls,
      ...(nulls > 0
        ? {
            note: `needs ${lookback} earlier bars; the first ${nulls} dates of the window have less history (or undefined inputs)`,
          }
        : {}),
    });
  }
  return { indicators: described, series: out };
}
