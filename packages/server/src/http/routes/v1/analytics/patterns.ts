import { CANDLESTICK_FAMILY, CANDLESTICK_PATTERNS, SUPPORT_RESISTANCE_FAMILY } from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import { nextTurn } from '../../../../event-loop-turns.js';
import { enforceAnswerCap, plural } from '../../../../problems/answer-cap.js';
import { answerStream, type Piece, piece } from '../../../analytics/answer-stream.js';
import { parseCodeList } from '../../../analytics/code-list.js';
import { computeOwner } from '../../../analytics/compute-pool.js';
import { paramQueryProperties, paramSpec, paramValues } from '../../../analytics/param-schema.js';
import { CANDLE_CODES, PATTERN_SECTIONS, type PatternSection } from '../../../analytics/patterns-compute.js';
import { ADJUSTMENT, analyticsResponse, OPEN_OBJECTS } from '../../../analytics/response-schema.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import { loadSeriesWindow, windowHeader } from '../../../analytics/series-window.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { clientGone } from '../../../client-gone.js';

const SECTION_CODES: ReadonlyMap<string, PatternSection> = new Map(PATTERN_SECTIONS.map((s) => [s, s]));
const DEFAULT_PATTERN_LIMIT = 20;
/**
 * Bars one request may scan for candlesticks and new chart patterns, over all its tickers: the answer
 * grows with them (~310 bytes a bar with every candlestick pattern, so ~8 MB at the cap; ADR 0061).
 */
const MAX_PATTERN_BARS = 25_000;
/** The catalogue parameters of this endpoint: the candlestick confidence floor, levels shown per side. */
const PARAM_SPECS = [...CANDLESTICK_FAMILY.params, paramSpec(SUPPORT_RESISTANCE_FAMILY.params, 'levels')];

const QUERY = {
  type: 'object',
  properties: {
    ...SERIES_QUERY_PROPERTIES,
    limit: {
      ...SERIES_QUERY_PROPERTIES.limit,
      default: DEFAULT_PATTERN_LIMIT,
      description: `Bars of the window scanned for candlesticks and newly detected chart patterns (without from: the last ${DEFAULT_PATTERN_LIMIT})`,
    },
    include: {
      type: 'string',
      description: `Comma-separated sections (default all): ${PATTERN_SECTIONS.join(', ')}`,
      examples: ['candlesticks,levels'],
    },
    candlesticks: {
      type: 'string',
      description: `Comma-separated TA-Lib pattern codes, with or without the cdl prefix (default all ${CANDLESTICK_PATTERNS.length}); see /analytics/technical/catalog`,
      examples: ['cdlengulfing,hammer,cdlmorningstar'],
    },
    ...paramQueryProperties(PARAM_SPECS),
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  adjustment: 'split_div',
  parameters: { include: ['candlesticks', 'chart', 'levels'], limit: 20, min_confidence: 0, levels: 5 },
  results: [
    {
      ticker: 'VZN',
      name: 'Vozane Networks',
      source: 'synthetic',
      known_through: '2026-11-24',
      from: '2026-10-27',
      to: '2026-11-24',
      count: 20,
      candlesticks: [
        {
          date: '2026-11-24',
          code: 'cdlengulfing',
          name: 'Engulfing Pattern',
          signal: 100,
          confidence: 0.42,
          direction: 'bullish',
        },
      ],
      chart_patterns: [
        {
          type: 'double_bottom',
          bias: 'bullish',
          state: 'confirmed',
          detected_on: '2026-11-10',
          expires_on: '2026-12-22',
          height: 6.1,
          target: 198.4,
          breakout: { level: 192.3, slope: 0 },
          invalidation: { level: 186.2, slope: 0 },
          points: [{ role: 'first_low', date: '2026-10-15', price: 186.2 }],
          events: [{ state: 'forming', reason: 'detected', date: '2026-11-10' }],
        },
      ],
      levels: {
        close: 193.1,
        tolerance: 1.2,
        support: [
          {
            price: 186.4,
            low: 185.9,
            high: 186.9,
            touches: 3,
            strength: 2.4,
            first_touch: '2026-06-02',
            last_touch: '2026-10-15',
            distance_pct: -0.0347,
          },
        ],
        resistance: [],
      },
    },
  ],
};

/**
 * GET /analytics/patterns — TA-Lib candlestick signals (±100/±200 with a confidence) in the window,
 * chart patterns detected in the window with their lifecycle as known at its last bar, and the support
 * and resistance levels known at that bar. Everything is computed on history through `to` only.
 */
export function patternsRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analytics/patterns',
    operationId: 'getPatternAnalytics',
    entitlement: 'patterns',
    billable: true,
    summary: 'Candlestick and chart patterns, support and resistance',
    description: `Candlestick signals (TA-Lib rules, ±100 or ±200 for confirmations, with a confidence in [0, 1]) of the window, chart patterns detected in the window with their lifecycle (forming, confirmed, invalidated, target_hit) as known at its last bar, and support/resistance levels clustered from swings. Point-in-time: nothing after \`to\` is read. One request scans at most ${MAX_PATTERN_BARS.toLocaleString('en-US')} bars over all its tickers' windows; a larger one is refused with 422 \`validation_failed\` before anything is computed (paginate by window or by ticker). The answer is streamed.`,
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: analyticsResponse({ adjustment: ADJUSTMENT, results: OPEN_OBJECTS }, EXAMPLE),
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const p = parseSeriesQuery({ ...q, limit: q.limit ?? DEFAULT_PATTERN_LIMIT });
      const include = new Set(parseCodeList(q.include, 'include', SECTION_CODES, 'section'));
      const candles = parseCodeList(q.candlesticks, 'candlesticks', CANDLE_CODES, 'candlestick pattern');
      const values = paramValues(PARAM_SPECS, q);
      const minConfidence = Number(values.min_confidence);
      const perSide = Number(values.levels);
      const now = deps.clock.now();
      const sections = PATTERN_SECTIONS.filter((x) => include.has(x));
      const load = (ticker: string) => loadSeriesWindow(deps.market, ticker, p, now);
      // The cap on the windows' bars, before anything is computed; unknown tickers are refused here too.
      // A key with all its heavy slots taken is told before anything is read, if this may be large.
      deps.answers.refuseEarly(request, p.tickers.length * p.limit * 310);
      const bars: number[] = [];
      for (const ticker of p.tickers) {
        // A cached series loads synchronously: let other requests in between tickers.
        await nextTurn();
        const w = await load(ticker);
        bars.push(w.end - w.start);
      }
      const total = bars.reduce((a, b) => a + b, 0);
      enforceAnswerCap({
        unit: 'bars',
        count: total,
        max: MAX_PATTERN_BARS,
        formula: 'bars scanned (tickers × bars in each window)',
        factors: `${plural(bars.length, 'ticker')} with ${plural(total, 'bar')} in their windows`,
        paginate: 'a shorter window (from/to, or limit) or fewer tickers per request',
      });
      // One place in the compute queue for the whole batch (503 when it is full); dropped if the client leaves.
      // Up to ~310 bytes a bar with every candlestick pattern.
      deps.answers.take(request, reply, total * 310);
      const compute = deps.compute.admit(computeOwner(request), clientGone(reply));
      const head = {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: {
          from: p.from ?? null,
          to: p.to ?? null,
          limit: p.limit,
          include: sections,
          candlesticks: candles.length === CANDLESTICK_PATTERNS.length ? 'all' : candles.map((m) => m.code),
          min_confidence: minConfidence,
          levels: perSide,
          chart_method: 'zig-zag swings (ATR threshold), lifecycle as known at the last bar',
        },
      };
      const empty = {
        ...(include.has('candlesticks') ? { candlesticks: [] } : {}),
        ...(include.has('chart') ? { chart_patterns: [] } : {}),
        ...(include.has('levels') ? { levels: null } : {}),
      };
      /** One ticker's result: its window loaded in its turn, its sections computed and serialised off-thread. */
      async function result(ticker: string): Promise<string> {
        const w = await load(ticker);
        const s = w.series;
        if (s === undefined || w.end === 0) return JSON.stringify({ ...windowHeader(w), ...empty });
        const header = JSON.stringify(windowHeader(w)).slice(0, -1);
        // Off the event loop: 61 candlestick scans and the chart-pattern search per ticker (ComputePool).
        const computed = await compute.patterns({
          series: s,
          start: w.start,
          end: w.end,
          include: sections,
          candleCodes: candles.map((m) => m.code),
          minConfidence,
          perSide,
        });
        return computed === '{}' ? `${header}}` : `${header},${computed.slice(1)}`;
      }
      async function* pieces(): AsyncGenerator<Piece> {
        yield piece(`${JSON.stringify(head).slice(0, -1)},"results":[`);
        for (const [i, ticker] of p.tickers.entries())
          yield piece(result(ticker).then((r) => (i === 0 ? r : `,${r}`)));
        yield piece(']}');
      }
      return reply.type('application/json; charset=utf-8').send(answerStream(pieces()));
    },
  };
}
