import type { ScreenRun } from '../../screening/run-screen.js';
import type { ScreenRequest } from '../../screening/screen-request.js';
import { UNIVERSE_STATEMENT_SCHEMA } from '../schemas/universe-statement.js';

/** How a request's parameters are echoed in the answer (and stored with a saved screen). */
export function screenParameters(r: ScreenRequest) {
  return {
    where: r.where,
    sort: r.sort ?? null,
    limit: r.limit,
    date: r.date ?? null,
    adjust: r.adjust,
    tickers: r.tickers ?? null,
    sector: r.sector ?? null,
    asset_class: r.assetClass ?? null,
    exchange: r.exchange ?? null,
  };
}

/** The body of a screen's answer after `as_of` and `parameters`. */
export function screenResults(r: ScreenRequest, run: ScreenRun) {
  return {
    columns: r.screen.plan.operands.map((o) => o.label),
    sort_label: r.screen.sort?.label ?? null,
    universe: run.universe,
    evaluated: run.evaluated,
    matched: run.matched,
    count: run.matches.length,
    left_out: {
      no_data: run.noData,
      stale: run.stale,
      no_bar: run.noBar,
      undecided: run.undecided,
      data_issue: run.dataIssue,
    },
    data: run.matches,
  };
}

const LEFT_OUT = {
  type: 'object',
  required: ['count', 'tickers'],
  properties: {
    count: { type: 'integer' },
    tickers: { type: 'array', items: { type: 'string' }, description: 'The first 20, alphabetically' },
  },
} as const;

const LEFT_OUT_WITH_REASONS = {
  type: 'object',
  required: ['count', 'tickers', 'reasons'],
  properties: {
    ...LEFT_OUT.properties,
    reasons: {
      type: 'array',
      description: 'What is wrong with each named ticker’s data, and where (date, bar or action)',
      items: {
        type: 'object',
        required: ['ticker', 'reason'],
        properties: { ticker: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
} as const;

/** JSON schema of screenParameters' output. */
export const SCREEN_PARAMETERS_SCHEMA = {
  type: 'object',
  properties: {
    where: { type: 'string' },
    sort: { type: ['string', 'null'] },
    limit: { type: 'integer' },
    date: { type: ['string', 'null'] },
    adjust: { type: 'string' },
    tickers: { type: ['array', 'null'], items: { type: 'string' } },
    sector: { type: ['string', 'null'] },
    asset_class: { type: ['string', 'null'] },
    exchange: { type: ['string', 'null'] },
  },
} as const;

/** JSON schema properties of screenResults' output. */
export const SCREEN_RESULTS_PROPERTIES = {
  columns: {
    type: 'array',
    items: { type: 'string' },
    description:
      'Every value the screen reads, as labelled in each match: indicators with all their parameters (`rsi(14)`, `macd(12,26,9).signal`) and bar fields',
  },
  sort_label: { type: ['string', 'null'], description: 'What `sort_value` is' },
  universe: { type: 'integer', description: 'Instruments the screen ran over' },
  universe_statement: {
    ...UNIVERSE_STATEMENT_SCHEMA,
    description: `${UNIVERSE_STATEMENT_SCHEMA.description}. For a screen: named \`tickers\` are a static list (screened as asked); otherwise the members on \`date\` (today when none is given) of those the filters admit, \`with_data\` counting the ones screened on a bar of that session`,
  },
  evaluated: { type: 'integer', description: 'Instruments with a bar on the session screened' },
  matched: { type: 'integer', description: 'Matches before `limit`' },
  count: { type: 'integer' },
  left_out: {
    type: 'object',
    description:
      'Instruments not in the answer for a reason other than failing the condition: `no_data` (no bar known at as_of), `stale` (data stop before the session screened: not screened on older data), `no_bar` (no bar on the requested `date`), `undecided` (a value the condition reads is missing at that bar, e.g. too little history for sma(200): neither a match nor a miss), `data_issue` (the ticker’s stored data cannot be served — a bar without a usable price, a corporate action whose value cannot be read — each named with the reason; GET /instruments/{ticker} lists its `data_issues`)',
    properties: {
      no_data: LEFT_OUT,
      stale: LEFT_OUT,
      no_bar: LEFT_OUT,
      undecided: LEFT_OUT,
      data_issue: LEFT_OUT_WITH_REASONS,
    },
  },
  data: {
    type: 'array',
    items: {
      type: 'object',
      required: ['ticker', 'name', 'date', 'sort_value', 'values'],
      properties: {
        ticker: { type: 'string' },
        name: { type: 'string' },
        date: { type: 'string', description: 'The session screened: values are at its close' },
        sort_value: { type: ['number', 'null'] },
        values: {
          type: 'object',
          additionalProperties: { type: ['number', 'null'] },
          description: 'Each of `columns` at the close of `date`',
        },
        previous: {
          type: 'object',
          additionalProperties: { type: ['number', 'null'] },
          description: 'With a cross: the values it reads at the session before',
        },
      },
    },
  },
} as const;

/** Members every screen answer has. */
export const SCREEN_RESULTS_REQUIRED = [
  'as_of',
  'parameters',
  'columns',
  'sort_label',
  'universe',
  'universe_statement',
  'evaluated',
  'matched',
  'count',
  'left_out',
  'data',
] as const;
