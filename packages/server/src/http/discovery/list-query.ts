import { validDate } from '../../clock/valid-date.js';
import type { MarketDataRepo } from '../../market/store/market-data-repo.js';
import { TICKER_SHAPE, validateTicker } from '../../market/validate-ticker.js';
import { invalidFields } from '../../problems/problem-error.js';

/** Tickers one list request may filter by. */
export const MAX_FILTER_TICKERS = 100;

/** A 422 `validation_failed` naming one query parameter. */
const invalidQuery = (pointer: string, detail: string) => invalidFields([{ pointer, detail }]);

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

/**
 * The tickers a list is filtered by (`ticker`, or `tickers` comma-separated), as the instrument master
 * spells them; undefined when the request names none. A ticker the master does not hold is a 422
 * `unknown_ticker` with a close match, as on every market route.
 */
export async function tickerFilter(
  market: Pick<MarketDataRepo, 'findTicker'>,
  q: Readonly<Record<string, unknown>>,
): Promise<string[] | undefined> {
  const one = text(q.ticker);
  const many = text(q.tickers);
  if (one !== undefined && many !== undefined)
    throw invalidQuery('/query/tickers', 'give either ticker or tickers, not both');
  if (one === undefined && many === undefined) return undefined;
  const listed = [
    ...new Set(
      (one !== undefined ? [one] : (many as string).split(','))
        .map((t) => t.trim().toUpperCase())
        .filter((t) => t !== ''),
    ),
  ];
  const pointer = one !== undefined ? '/query/ticker' : '/query/tickers';
  if (listed.length === 0) throw invalidQuery(pointer, 'names no ticker');
  if (listed.length > MAX_FILTER_TICKERS)
    throw invalidQuery(pointer, `names ${listed.length} tickers; at most ${MAX_FILTER_TICKERS}`);
  const bad = listed.findIndex((t) => !TICKER_SHAPE.test(t));
  if (bad >= 0)
    throw invalidQuery(
      one !== undefined ? pointer : `${pointer}/${bad}`,
      'must be 1–20 letters, digits or . ^ = -',
    );
  const known: string[] = [];
  for (const t of listed) known.push((await validateTicker(market, t)).ticker);
  return known;
}

/** `from` and `to` (YYYY-MM-DD, inclusive), each optional, `from` not after `to`. */
export function dateRange(q: Readonly<Record<string, unknown>>): {
  readonly from: string | undefined;
  readonly to: string | undefined;
} {
  const from = text(q.from);
  const to = text(q.to);
  if (from !== undefined && !validDate(from)) throw invalidQuery('/query/from', 'must be a date YYYY-MM-DD');
  if (to !== undefined && !validDate(to)) throw invalidQuery('/query/to', 'must be a date YYYY-MM-DD');
  if (from !== undefined && to !== undefined && from > to)
    throw invalidQuery('/query/from', `is after to (${to})`);
  return { from, to };
}
