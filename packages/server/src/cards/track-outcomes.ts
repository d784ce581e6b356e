import { type CardLevels, type Direction, evaluateOutcome } from '@bellwether/analytics';
import type { CardOutcomeRecord } from '../db/records.js';
import { addDays } from '../market/calendar/local-time.js';
import type { DailySeries } from '../market/store/types.js';
import type { PublicationDeps } from './publish-session.js';

interface StoredCard {
  readonly id: string;
  readonly session: string;
  readonly asset: { readonly ticker: string };
  readonly direction: Direction;
  readonly entry_zone: { readonly low: number; readonly high: number };
  readonly t1: number;
  readonly t2: number;
  readonly stop: number;
  readonly expires_at: string;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Calendar days before a card's session searched for its basis bar (the last bar before it). */
const BASIS_LOOKBACK_DAYS = 31;

/**
 * Evaluates every published card without an outcome on the bars known now and records those that are
 * resolved (docs/signals/outcomes.md); open ones are looked at again next time. A card's levels are in the
 * raw prices of the last bar before its session (its basis: the card was computed on split- and
 * dividend-adjusted bars, whose latest bar keeps its raw prices). The bars after it are evaluated in that
 * basis: the adjusted series known now, rescaled so the basis bar has its raw prices again. A split or a
 * dividend after publication therefore moves the bars' prices exactly as it moved the card's levels had
 * they been re-adjusted, and neither reads as a stop or a target (raw bars would show a 2:1 split as a
 * halving of the price).
 */
export async function trackOutcomes(deps: PublicationDeps): Promise<{ open: number; recorded: number }> {
  const now = deps.now();
  const unresolved = await deps.storage.cards.listUnresolved();
  const recorded: CardOutcomeRecord[] = [];
  for (const row of unresolved) {
    const card = row.payload as StoredCard;
    const series = await inCardBasis(deps, card.asset.ticker, card.session, now);
    if (series === undefined || series.dates.length === 0) continue;
    const levels: CardLevels = {
      direction: card.direction,
      entry_zone: card.entry_zone,
      t1: card.t1,
      t2: card.t2,
      stop: card.stop,
    };
    const expiryBars = sessionsThrough(deps, card.session, card.expires_at);
    const o = evaluateOutcome(levels, series, 0, expiryBars);
    if (o.open || o.outcome_bar === null) continue;
    recorded.push({
      card_id: card.id,
      session: card.session,
      status: o.status,
      t1_before_stop: o.t1_before_stop,
      fill_price: o.fill_price,
      fill_session: o.fill_bar === null ? null : (series.dates[o.fill_bar] ?? null),
      outcome_session: series.dates[o.outcome_bar] as string,
      r_multiple: o.r_multiple,
      mfe_r: o.mfe_r,
      mae_r: o.mae_r,
      recorded_at: iso(now),
    });
  }
  await deps.storage.cards.recordOutcomes(recorded);
  return { open: unresolved.length - recorded.length, recorded: recorded.length };
}

/**
 * Bars from `session` on, known at `now`, in the prices of the last bar before `session`: split- and
 * dividend-adjusted, scaled so that bar keeps its raw prices. Without a bar before `session` in the
 * lookback, the adjusted bars as they are (the card could not have been computed without one).
 */
async function inCardBasis(
  deps: PublicationDeps,
  ticker: string,
  session: string,
  now: Date,
): Promise<DailySeries | undefined> {
  const query = { asOf: now, from: addDays(session, -BASIS_LOOKBACK_DAYS) };
  const adjusted = await deps.market.getDailySeries(ticker, { ...query, adjustment: 'split_div' });
  const raw = await deps.market.getDailySeries(ticker, { ...query, adjustment: 'raw' });
  if (adjusted === undefined || raw === undefined) return undefined;
  let start = 0;
  while (start < adjusted.dates.length && (adjusted.dates[start] as string) < session) start++;
  const basis = start - 1;
  const scale = basis < 0 ? 1 : (raw.close[basis] as number) / (adjusted.close[basis] as number);
  const rescaled = (xs: Float64Array) => xs.subarray(start).map((x) => x * scale);
  return {
    ...adjusted,
    dates: adjusted.dates.slice(start),
    open: rescaled(adjusted.open),
    high: rescaled(adjusted.high),
    low: rescaled(adjusted.low),
    close: rescaled(adjusted.close),
    volume: adjusted.volume.slice(start),
  };
}

/** Sessions from `session` through the one closing at `expiresAt`, both included. */
function sessionsThrough(deps: PublicationDeps, session: string, expiresAt: string): number {
  const end = Date.parse(expiresAt);
  let s = deps.calendar.sessionOn(session);
  let count = 0;
  while (s !== undefined && s.closes_at.getTime() <= end && count < 400) {
    count++;
    s = deps.calendar.currentOrNext(new Date(s.closes_at.getTime() + 1));
  }
  return Math.max(count, 1);
}
