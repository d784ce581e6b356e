import {
  type FiscalFigures,
  FUNDAMENTAL_ITEMS,
  fiscalQuarters,
  fiscalYears,
  fundamentalRatios,
  knownFacts,
  trailingTwelveMonths,
} from '@bellwether/analytics';
import { iso } from '../../../clock/iso.js';
import { validDate } from '../../../clock/valid-date.js';
import { TICKER_SHAPE } from '../../../market/validate-ticker.js';
import { invalidFields, ProblemError } from '../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';

const PERIODS = ['quarter', 'annual', 'ttm'] as const;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

const QUERY = {
  type: 'object',
  required: ['ticker'],
  properties: {
    ticker: {
      type: 'string',
      description: 'The company, by its exchange ticker (SEC’s ticker table), e.g. TSLA',
      examples: ['TSLA'],
    },
    period: {
      type: 'string',
      enum: PERIODS,
      default: 'quarter',
      description: 'Fiscal quarters, fiscal years, or trailing twelve months at each quarter',
    },
    as_of: {
      type: 'string',
      description:
        'Figures known at the end of this date (YYYY-MM-DD): filed on or before it; default and latest: the service’s as_of',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
      description: 'The latest periods to return',
    },
  },
  additionalProperties: false,
} as const;

const VALUE = {
  type: 'object',
  required: ['value', 'concept', 'filed', 'form', 'accession', 'derived', 'accessions'],
  properties: {
    value: { type: 'number' },
    concept: { type: 'string', description: 'The XBRL concept it was read from, e.g. us-gaap:Revenues' },
    filed: {
      type: 'string',
      description: 'The filing date it is known from (for a derived figure, its last input’s)',
    },
    form: { type: 'string', description: 'That filing’s form (10-Q, 10-K, 10-K/A…)' },
    accession: { type: 'string', description: 'That filing’s accession number' },
    derived: {
      type: ['string', 'null'],
      enum: ['ytd_difference', 'year_less_quarters', 'sum_of_quarters', null],
      description:
        'null when a filing reported it; else how it was computed from the filings in `accessions`',
    },
    accessions: { type: 'array', items: { type: 'string' }, description: 'The filings it comes from' },
  },
} as const;

const RATIO = { type: ['number', 'null'] } as const;

const FIGURES = {
  type: 'object',
  required: ['fiscal_year', 'fiscal_period', 'start', 'end', 'values', 'ratios'],
  properties: {
    fiscal_year: { type: 'integer' },
    fiscal_period: { type: 'string', enum: ['Q1', 'Q2', 'Q3', 'Q4', 'FY', 'TTM'] },
    start: {
      type: ['string', 'null'],
      description: 'First day of the period (null when only balances are known)',
    },
    end: { type: 'string', description: 'Last day of the period' },
    values: {
      type: 'object',
      description:
        'The standard items known, each with its provenance; an item absent was not reported (or cannot be derived)',
      properties: Object.fromEntries(FUNDAMENTAL_ITEMS.map((i) => [i, VALUE])),
      additionalProperties: false,
    },
    ratios: {
      type: 'object',
      required: ['gross_margin', 'operating_margin', 'net_margin', 'return_on_equity', 'free_cash_flow'],
      properties: {
        gross_margin: RATIO,
        operating_margin: RATIO,
        net_margin: RATIO,
        return_on_equity: RATIO,
        free_cash_flow: RATIO,
      },
    },
  },
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  known_at: '2018-11-30',
  ticker: 'TSLA',
  period: 'quarter',
  source: 'sec-edgar',
  count: 1,
  data: [
    {
      fiscal_year: 2018,
      fiscal_period: 'Q3',
      start: '2018-07-01',
      end: '2018-09-30',
      values: {
        revenue: {
          value: 6824413000,
          concept: 'us-gaap:Revenues',
          filed: '2018-11-02',
          form: '10-Q',
          accession: '0001564590-18-026353',
          derived: null,
          accessions: ['0001564590-18-026353'],
        },
      },
      ratios: {
        gross_margin: null,
        operating_margin: null,
        net_margin: null,
        return_on_equity: null,
        free_cash_flow: null,
      },
    },
  ],
};

const snake = (f: FiscalFigures) => ({
  fiscal_year: f.fiscalYear,
  fiscal_period: f.fiscalPeriod,
  start: f.start,
  end: f.end,
  values: f.values,
  ratios: fundamentalRatios(f),
});

/**
 * GET /fundamentals — a company's standard items from its filings (SEC EDGAR), per fiscal quarter, fiscal
 * year or trailing twelve months, as known at a date: only what was filed by then, a restatement
 * replacing the first value from its own filing date on.
 */
export function fundamentalsRoute(deps: Pick<AppDeps, 'clock' | 'storage'>): ApiRouteDef {
  return {
    method: 'GET',
    path: '/fundamentals',
    operationId: 'getFundamentals',
    entitlement: 'fundamentals',
    billable: true,
    summary: 'Fundamentals from filed statements (point in time)',
    description: `Revenue, gross profit, operating income, net income, diluted EPS and shares, shares outstanding, total assets, liabilities, equity, cash, operating cash flow and capital expenditure of \`ticker\`, read from its 10-Q/10-K filings' XBRL facts (SEC EDGAR), per fiscal quarter (\`period=quarter\`), year (\`annual\`) or trailing twelve months (\`ttm\`). Every value names the concept it came from and the filing (form, accession, date) it is known from. Figures are as known at \`as_of\` (a date; the service's as_of by default): a figure filed later is not seen, and a restated figure replaces the first one only from the restating filing's date. Quarters not reported as such are derived (\`derived\`: from year-to-date figures, Q4 as the year less nine months; TTM as the sum of four quarters). The latest \`limit\` periods, oldest first. A ticker with nothing stored is a 422 \`no_data\`.`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'known_at', 'ticker', 'period', 'source', 'count', 'data'],
          properties: {
            as_of: { type: 'string' },
            known_at: {
              type: 'string',
              description: 'The date the figures are cut at (filed on or before it)',
            },
            ticker: { type: 'string' },
            period: { type: 'string', enum: PERIODS },
            source: { type: 'string', description: 'Where the facts came from (sec-edgar)' },
            count: { type: 'integer' },
            data: { type: 'array', items: FIGURES },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request) {
      const q = request.query as { ticker: string; period?: string; as_of?: string; limit?: number };
      const ticker = q.ticker.trim().toUpperCase();
      if (!TICKER_SHAPE.test(ticker))
        throw invalidFields([
          { pointer: '/query/ticker', detail: 'must be 1–20 letters, digits or . ^ = -' },
        ]);
      const now = deps.clock.now();
      const today = iso(now).slice(0, 10);
      const knownAt = q.as_of?.trim() ?? today;
      if (!validDate(knownAt))
        throw invalidFields([{ pointer: '/query/as_of', detail: 'must be a date YYYY-MM-DD' }]);
      if (knownAt > today)
        throw invalidFields([
          {
            pointer: '/query/as_of',
            detail: `is after the service's as_of (${today}): nothing is known past it`,
          },
        ]);
      const facts = await deps.storage.fundamentalFacts.load(ticker);
      if (facts.length === 0)
        throw new ProblemError(
          'no_data',
          `No fundamentals are stored for ${ticker}: the operator's fundamentals sync (SEC EDGAR) has not read it.`,
          { extras: { data_covers: [] } },
        );
      const known = knownFacts(facts, knownAt);
      const period = (q.period ?? 'quarter') as (typeof PERIODS)[number];
      const quarters = fiscalQuarters(known);
      const all =
        period === 'annual'
          ? fiscalYears(known)
          : period === 'ttm'
            ? trailingTwelveMonths(quarters)
            : quarters;
      const page = all.slice(-(q.limit ?? DEFAULT_LIMIT));
      return {
        as_of: iso(now),
        known_at: knownAt,
        ticker,
        period,
        source: 'sec-edgar',
        count: page.length,
        data: page.map(snake),
      };
    },
  };
}
