import { iso } from '../../../../clock/iso.js';
import { nextTurn } from '../../../../event-loop-turns.js';
import { enforceAnswerCap, MAX_ANSWER_VALUES, plural } from '../../../../problems/answer-cap.js';
import { answerStream } from '../../../analytics/answer-stream.js';
import { computeOwner } from '../../../analytics/compute-pool.js';
import { MAX_INDICATORS, parseIndicatorList } from '../../../analytics/indicator-list.js';
import { ResultCache } from '../../../analytics/result-cache.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import { loadSeriesWindow } from '../../../analytics/series-window.js';
import { type TechnicalSlice, technicalBody } from '../../../analytics/technical-body.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { clientGone } from '../../../client-gone.js';

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
    adjustment: {
      type: ['string', 'null'],
      description:
        'The adjustment of these prices: as asked, or split_div for a series its provider adjusted',
    },
    known_through: { type: 'string', description: 'Last session closed at as_of' },
    last_bar: { type: ['string', 'null'], description: "The ticker's last bar known at as_of" },
    stale: {
      type: 'boolean',
      description: 'True when last_bar is before known_through: data not delivered yet',
    },
    dates: { type: 'array', items: { type: 'string' } },
    indicators: { type: 'array', items: { type: 'object', additionalProperties: true } },
    series: { type: 'object', additionalProperties: true },
  },
  examples: [
    {
      ticker: 'VZN',
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
  const cache = new ResultCache<TechnicalSlice>();
  return {
    method: 'GET',
    path: '/analytics/technical',
    operationId: 'getTechnicalAnalytics',
    entitlement: 'technical',
    billable: true,
    summary: 'Technical indicators',
    description: `Indicators from the catalogue (/analytics/technical/catalog) on daily bars, aligned with dates; \`null\` only where an indicator has too little history before the bar, and each indicator says how many such nulls the window holds. \`vwap\` on daily bars defaults to a rolling 20-session window (\`vwap(0,20)\`, about a month); \`vwap(0,0)\` cumulates from the first stored bar and \`vwap(k)\` restarts every k bars. States as_of, adjustment and source. One request holds at most ${MAX_ANSWER_VALUES.toLocaleString('en-US')} values: tickers × output columns (macd has three, rsi one) × bars in each ticker's window. A larger request is refused with 422 \`validation_failed\` before anything is computed; paginate by window (from/to, limit), by ticker, or by indicator. The answer is streamed.`,
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
      const load = (ticker: string) => loadSeriesWindow(deps.market, ticker, p, now);
      // The cap is checked on the windows' bar counts before anything is computed; unknown tickers are
      // refused here too, before the answer starts. No series is kept: each is loaded again in its turn.
      // A key with all its heavy slots taken is told before anything is read, if this may be large.
      deps.answers.refuseEarly(
        request,
        p.tickers.length * indicators.reduce((c, i) => c + i.meta.outputs.length, 0) * p.limit * 21,
      );
      const bars: number[] = [];
      for (const ticker of p.tickers) {
        // A cached series loads synchronously: let other requests in between tickers.
        await nextTurn();
        const w = await load(ticker);
        bars.push(w.end - w.start);
      }
      const columns = indicators.reduce((c, i) => c + i.meta.outputs.length, 0);
      const total = bars.reduce((a, b) => a + b, 0);
      enforceAnswerCap({
        unit: 'values',
        count: total * columns,
        max: MAX_ANSWER_VALUES,
        formula: 'tickers × output columns × bars',
        factors: `${plural(bars.length, 'ticker')} with ${plural(total, 'bar')} in their windows × ${plural(columns, 'output column')} of ${plural(indicators.length, 'indicator')}`,
        paginate: 'a shorter window (from/to, or limit), fewer tickers per request, or fewer indicators',
      });
      // ~21 bytes a value.
      deps.answers.take(request, reply, total * columns * 21);
      const lane = deps.compute.admit(computeOwner(request), clientGone(reply));
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
      // Streamed with backpressure: produced (and computed) only as fast as the client reads.
      const body = technicalBody({
        head: JSON.stringify(head).slice(0, -1),
        tickers: p.tickers,
        load,
        indicators,
        lane,
        cache,
      });
      return reply.type('application/json; charset=utf-8').send(answerStream(body));
    },
  };
}
