import { validDate } from '../../clock/valid-date.js';
import type { Adjustment } from '../../market/store/types.js';
import { TICKER_SHAPE } from '../../market/validate-ticker.js';
import { invalidFields } from '../../problems/problem-error.js';

/** Query parameters every time-series analytics endpoint shares (issue #11, DESIGN §5). */
export interface SeriesQueryParams {
  readonly tickers: readonly string[];
  readonly from: string | undefined;
  readonly to: string | undefined;
  readonly adjust: Adjustment;
  readonly limit: number;
}

const MAX_BATCH_TICKERS = 100;
const DEFAULT_LIMIT = 252;
const MAX_LIMIT = 10_000;

/** JSON Schema pieces for the OpenAPI document (validation proper happens in parseSeriesQuery). */
export const SERIES_QUERY_PROPERTIES = {
  // One example only: ticker and tickers exclude each other, and Swagger UI's "Try it out" fills in
  // every parameter that has one. VZN is a ticker of the synthetic demo market (its tickers are invented).
  ticker: {
    type: 'string',
    description: 'One ticker (or use `tickers`); the example is a ticker of the synthetic demo market',
    examples: ['VZN'],
  },
  tickers: {
    type: 'string',
    description: `Comma-separated tickers for a batch, at most ${MAX_BATCH_TICKERS} (instead of \`ticker\`; e.g. VZN,PLST,DRRN on the demo)`,
  },
  from: {
    type: 'string',
    description:
      'First date (inclusive), YYYY-MM-DD; a range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover',
  },
  to: {
    type: 'string',
    description: 'Last date (inclusive), YYYY-MM-DD; default: the last closed session',
  },
  adjust: {
    type: 'string',
    enum: ['raw', 'split', 'split_div'],
    default: 'split_div',
    description: 'Price adjustment computed from stored corporate actions',
  },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `Most recent bars of the window returned (without from: the last ${DEFAULT_LIMIT} bars)`,
  },
} as const;

/** Parses the shared parameters; every problem becomes one `errors[]` entry with its JSON pointer. */
export function parseSeriesQuery(q: Readonly<Record<string, unknown>>): SeriesQueryParams {
  const errors: { pointer: string; detail: string }[] = [];
  const str = (name: string) => (typeof q[name] === 'string' ? (q[name] as string).trim() : undefined);
  const ticker = str('ticker');
  const tickersRaw = str('tickers');
  let tickers: string[] = [];
  if (ticker !== undefined && tickersRaw !== undefined)
    errors.push({ pointer: '/query/tickers', detail: 'give either ticker or tickers, not both' });
  else if (ticker === undefined && tickersRaw === undefined)
    errors.push({ pointer: '/query/ticker', detail: 'is required (or tickers= for a batch)' });
  else {
    tickers = (
      ticker !== undefined ? [ticker] : (tickersRaw as string).split(',').map((t) => t.trim())
    ).filter((t) => t !== '');
    if (tickers.length === 0) errors.push({ pointer: '/query/tickers', detail: 'names no ticker' });
    if (tickers.length > MAX_BATCH_TICKERS)
      errors.push({
        pointer: '/query/tickers',
        detail: `names ${tickers.length} tickers; at most ${MAX_BATCH_TICKERS}`,
      });
    tickers.forEach((t, i) => {
      if (!TICKER_SHAPE.test(t))
        errors.push({
          pointer: ticker !== undefined ? '/query/ticker' : `/query/tickers/${i}`,
          detail: 'must be 1–20 letters, digits or . ^ = -',
        });
    });
    tickers = [...new Set(tickers.map((t) => t.toUpperCase()))];
  }
  const from = str('from');
  const to = str('to');
  if (from !== undefined && !validDate(from))
    errors.push({ pointer: '/query/from', detail: 'must be a date YYYY-MM-DD' });
  if (to !== undefined && !validDate(to))
    errors.push({ pointer: '/query/to', detail: 'must be a date YYYY-MM-DD' });
  if (from !== undefined && to !== undefined && validDate(from) && validDate(to) && from > to)
    errors.push({ pointer: '/query/from', detail: `is after to (${to})` });
  const adjust = str('adjust') ?? 'split_div';
  if (adjust !== 'raw' && adjust !== 'split' && adjust !== 'split_div')
    errors.push({ pointer: '/query/adjust', detail: 'must be one of raw, split, split_div' });
  const limitRaw = q.limit;
  let limit = DEFAULT_LIMIT;
  if (limitRaw !== undefined) {
    const n = Number(limitRaw);
    if (
      !(typeof limitRaw === 'string' || typeof limitRaw === 'number') ||
      !Number.isInteger(n) ||
      n < 1 ||
      n > MAX_LIMIT
    )
      errors.push({ pointer: '/query/limit', detail: `must be an integer from 1 to ${MAX_LIMIT}` });
    else limit = n;
  }
  if (errors.length > 0) throw invalidFields(errors);
  return { tickers, from, to, adjust: adjust as Adjustment, limit };
}
