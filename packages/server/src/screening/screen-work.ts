import type { MarketListings } from '../market/store/market-listings.js';
import type { Instrument } from '../market/store/types.js';
import { enforceAnswerCap, plural } from '../problems/answer-cap.js';
import type { ScreenRequest } from './screen-request.js';

/**
 * Bars one screen may compute over, summed over its tickers and indicator computations (each computes
 * over its tail, or the whole history through the session screened). Evaluation costs ~60–200 ns a
 * bar computed on one worker thread (measured over rsi, ema, obv, kama, supertrend on 5,000 bars), so
 * the largest legal screen is ~1–4 s of one thread: the S&P 500 with three whole-history indicators
 * over 20 years (7.5 M) or 1,000 tickers with ten indicators (~6–20 M) are legal; 5,000 tickers with
 * `obv` over 20 years (25 M) is not (issue #42).
 */
export const MAX_SCREEN_BARS = 20_000_000;

/** Sessions from `from` to `to` inclusive (YYYY-MM-DD), at most: every weekday, or every day on 24x7. */
export function sessionsAtMost(from: string, to: string, everyDay: boolean): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (!(b >= a)) return 0;
  const days = Math.round((b - a) / 86_400_000) + 1;
  if (everyDay) return days;
  const weeks = Math.floor(days / 7);
  let weekdays = weeks * 5;
  const first = new Date(a).getUTCDay();
  for (let i = 0; i < days % 7; i++) {
    const day = (first + i) % 7;
    if (day !== 0 && day !== 6) weekdays++;
  }
  return weekdays;
}

/**
 * Refuses, before anything is loaded or computed, a screen that would compute over more than
 * MAX_SCREEN_BARS bars: a 422 `validation_failed` naming the cap, the screen's count and how to ask for
 * less. The count is an upper bound from each ticker's first and last bar known at `asOf` (every
 * weekday between them counts as a session), each computation reading its tail or the whole history.
 */
export async function enforceScreenWork(
  listings: MarketListings,
  request: Pick<ScreenRequest, 'screen' | 'date'>,
  universe: readonly Instrument[],
  asOf: Date,
  max = MAX_SCREEN_BARS,
): Promise<void> {
  const computations = request.screen.plan.computations;
  if (computations.length === 0 || universe.length === 0) return;
  const spans = await listings.barSpans(universe, asOf);
  let bars = 0;
  for (const instrument of universe) {
    const span = spans.get(instrument.ticker);
    if (span?.first_bar == null || span.last_bar === null) continue;
    const last = request.date !== undefined && request.date < span.last_bar ? request.date : span.last_bar;
    const history = sessionsAtMost(span.first_bar, last, instrument.calendar === '24x7');
    for (const c of computations) bars += c.tail === undefined ? history : Math.min(c.tail, history);
  }
  enforceAnswerCap({
    unit: 'bars computed',
    count: bars,
    max,
    formula: 'tickers × indicators × bars each indicator reads (its tail, or the whole history)',
    factors: `${plural(universe.length, 'ticker')} × ${plural(computations.length, 'indicator')}, at most`,
    paginate:
      'fewer tickers (tickers=, or narrow by sector, asset_class or exchange), fewer indicators, or indicators with a shorter history (whole-history ones such as obv read every bar)',
  });
}
