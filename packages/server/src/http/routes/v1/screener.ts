import { DEFAULT_SCREENER_LIMITS } from '@bellwether/analytics';
import {
  DEFAULT_SCREEN_LIMIT,
  MAX_SCREEN_LIMIT,
  MAX_SCREEN_TICKERS,
  parseScreenRequest,
} from '../../../screening/screen-request.js';
import { MAX_SCREEN_UNIVERSE } from '../../../screening/screen-universe.js';
import { MAX_SCREEN_BARS } from '../../../screening/screen-work.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { INSTRUMENT_FILTER_PROPERTIES } from '../../discovery/instrument-filters.js';
import { answerScreen } from '../../screener/answer-screen.js';
import {
  SCREEN_PARAMETERS_SCHEMA,
  SCREEN_RESULTS_PROPERTIES,
  SCREEN_RESULTS_REQUIRED,
} from '../../screener/screen-answer.js';

const L = DEFAULT_SCREENER_LIMITS;

/** Query parameters of a screen. */
const SCREEN_QUERY_PROPERTIES = {
  where: {
    type: 'string',
    maxLength: L.maxLength,
    description: `The condition: comparisons (\`<\` \`<=\` \`>\` \`>=\` \`=\` \`!=\`) of indicators from the catalogue (\`rsi(14)\`, \`macd(12,26,9).signal\`, \`bbands(20,2,2).upper\`), bar fields (\`open\` \`high\` \`low\` \`close\` \`volume\`), \`avg_volume(n)\`, \`avg_dollar_volume(n)\` and numbers (\`1e7\`), with \`+ - * /\`; \`a crosses_above b\` / \`crosses_below\` (a ≤ b at the session before, a > b at this one); \`x between a and b\` (both inclusive); joined by \`and\`, \`or\`, \`not\` and parentheses. At most ${L.maxLength} characters, ${L.maxComputations} distinct indicator computations and a lookback of ${L.maxLookback} bars. Errors point at the offending text (offset, length, token) and suggest a known name.`,
    // Matches on any day of the demo market (liquid names), so "Try it out" shows an answer; a typical
    // screen reads `rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7`.
    examples: ['avg_dollar_volume(20) > 1e6 and close > 0'],
  },
  sort: {
    type: 'string',
    maxLength: L.maxLength,
    description:
      'Order of the matches: a value expression, ascending, or descending with a leading `-` (`-roc(20)`); matches without a sort value come last. Default: by ticker',
    examples: ['-roc(20)'],
  },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_SCREEN_LIMIT,
    default: DEFAULT_SCREEN_LIMIT,
    description: `Matches returned (at most ${MAX_SCREEN_LIMIT}); \`matched\` counts them all`,
  },
  date: {
    type: 'string',
    description:
      "The session screened, YYYY-MM-DD (a past one: a point-in-time screen). Default: each instrument's last closed session. Only bars through it are read, with prices adjusted as known at as_of",
  },
  adjust: {
    type: 'string',
    enum: ['raw', 'split', 'split_div'],
    default: 'split_div',
    description: 'Price adjustment computed from stored corporate actions',
  },
  tickers: {
    type: 'string',
    maxLength: 20_000,
    description: `Screen only these tickers (comma-separated, at most ${MAX_SCREEN_TICKERS}; sector, asset_class and exchange then do not apply); default: every active instrument`,
  },
  ...INSTRUMENT_FILTER_PROPERTIES,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  parameters: {
    where: 'avg_dollar_volume(20) > 1e6 and close > 0',
    sort: '-roc(20)',
    limit: 1,
    date: null,
    adjust: 'split_div',
    tickers: null,
    sector: null,
    asset_class: null,
    exchange: null,
  },
  columns: ['avg_dollar_volume(20)', 'close', 'roc(20)'],
  sort_label: 'roc(20)',
  universe: 12,
  universe_statement: { kind: 'static', tickers: 12, source: 'every active instrument' },
  evaluated: 12,
  matched: 12,
  count: 1,
  left_out: {
    no_data: { count: 0, tickers: [] },
    stale: { count: 0, tickers: [] },
    no_bar: { count: 0, tickers: [] },
    undecided: { count: 0, tickers: [] },
    data_issue: { count: 0, tickers: [], reasons: [] },
  },
  data: [
    {
      ticker: 'VZN',
      name: 'Vozane Networks',
      date: '2026-11-24',
      sort_value: 4.21,
      values: { 'avg_dollar_volume(20)': 48_210_553.7, close: 101.5, 'roc(20)': 4.21 },
    },
  ],
};

/**
 * GET /screener — which instruments match a condition over the indicator catalogue at a session's close
 * as of as_of, with the values that matched (issue #28). The grammar is parsed and checked in the
 * analytics package (no code is evaluated); evaluation runs on the compute pool.
 */
export function screenerRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/screener',
    operationId: 'runScreener',
    entitlement: 'screener',
    billable: true,
    summary: 'Screener: which instruments match a condition',
    description: `Evaluates \`where\` on every active instrument (or \`tickers\`, or those of a \`sector\`, \`asset_class\` or \`exchange\`) at the close of its last closed session as of as_of (or of \`date\`), reading only bars through that session; each indicator's value equals /analytics/technical's for the same ticker and day. Answers the matches ordered by \`sort\`, each with the value of every operand at that close (\`values\`, and \`previous\` for a cross), and says which instruments were left out and why (\`left_out\`): no data, stale data, no bar on \`date\`, a value missing at that bar, or data that cannot be served (\`data_issue\`, each ticker named with what is wrong: one ticker's bad row never fails the screen). Runs over at most ${MAX_SCREEN_UNIVERSE.toLocaleString('en-US')} instruments, and computes over at most ${MAX_SCREEN_BARS.toLocaleString('en-US')} bars: tickers × indicators × the bars each reads (its tail, or the whole history for \`obv\`, \`kama\`, \`supertrend\` and the like), counted from each ticker's first and last bar before anything is computed; a larger screen is refused with 422 \`validation_failed\` naming the cap. One quota unit a request.`,
    tags: ['market data'],
    schema: {
      querystring: {
        type: 'object',
        properties: SCREEN_QUERY_PROPERTIES,
        required: ['where'],
        additionalProperties: false,
      },
      response: {
        200: {
          type: 'object',
          required: SCREEN_RESULTS_REQUIRED,
          properties: {
            as_of: { type: 'string' },
            parameters: SCREEN_PARAMETERS_SCHEMA,
            ...SCREEN_RESULTS_PROPERTIES,
          },
          examples: [EXAMPLE],
        },
      },
    },
    handler(request, reply) {
      return answerScreen(deps, reply, parseScreenRequest(request.query as Record<string, unknown>));
    },
  };
}
