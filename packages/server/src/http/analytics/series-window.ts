import { isStale } from '../../market/store/known-through.js';
import type { MarketDataRepo } from '../../market/store/market-data-repo.js';
import type { DailySeries, Instrument } from '../../market/store/types.js';
import { validateTicker } from '../../market/validate-ticker.js';
import type { SeriesQueryParams } from './series-query.js';

/** One ticker's whole history through `to` (so warm-up lies before the window) and the window's bounds. */
export interface SeriesWindow {
  readonly instrument: Instrument;
  readonly series: DailySeries | undefined;
  /** First bar of the window (index into the series). */
  readonly start: number;
  /** One past the last bar of the window. */
  readonly end: number;
}

/** Index of the first date ≥ d in ascending `dates`. */
export function lowerBound(dates: readonly string[], d: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((dates[mid] as string) < d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Loads `ticker` as of `asOf` and places the window: from `from` (or the last `limit` bars) to `to`, never
 * more than `limit` bars. Unknown tickers are 422 `unknown_ticker` problems.
 */
export async function loadSeriesWindow(
  market: MarketDataRepo,
  ticker: string,
  p: Pick<SeriesQueryParams, 'from' | 'to' | 'adjust' | 'limit'>,
  asOf: Date,
): Promise<SeriesWindow> {
  const instrument = await validateTicker(market, ticker);
  const series = await market.getDailySeries(instrument.ticker, {
    asOf,
    adjustment: p.adjust,
    ...(p.to === undefined ? {} : { to: p.to }),
  });
  const dates = series?.dates ?? [];
  const end = dates.length;
  let start = p.from === undefined ? Math.max(0, end - p.limit) : lowerBound(dates, p.from);
  if (end - start > p.limit) start = end - p.limit;
  return { instrument, series, start, end };
}

/** The fields every per-ticker result starts with. */
export function windowHeader(w: SeriesWindow) {
  const dates = w.series?.dates ?? [];
  return {
    ticker: w.instrument.ticker,
    name: w.instrument.name,
    source: w.series?.source ?? 'none',
    // What the prices are: the asked adjustment, or `split_div` for a series a provider adjusted itself.
    adjustment: w.series?.adjustment ?? null,
    known_through: w.series?.known_through ?? null,
    last_bar: w.series?.last_bar ?? null,
    stale: w.series !== undefined && isStale(w.series),
    from: dates[w.start] ?? null,
    to: dates[w.end - 1] ?? null,
    count: w.end - w.start,
  };
}
