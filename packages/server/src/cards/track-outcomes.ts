import { type CardLevels, type Direction, evaluateOutcome } from '@bellwether/analytics';
import type { CardOutcomeRecord } from '../db/records.js';
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

/**
 * Evaluates every published card without an outcome on the bars known now and records those that are
 * resolved (docs/signals/outcomes.md); open ones are looked at again next time. Raw prices: a card's levels
 * are in the price basis of its publication (back-adjustment leaves the latest bar unchanged), which raw
 * bars keep until the next corporate action.
 */
export async function trackOutcomes(deps: PublicationDeps): Promise<{ open: number; recorded: number }> {
  const now = deps.now();
  const unresolved = await deps.storage.cards.listUnresolved();
  const recorded: CardOutcomeRecord[] = [];
  for (const row of unresolved) {
    const card = row.payload as StoredCard;
    const series = await deps.market.getDailySeries(card.asset.ticker, {
      asOf: now,
      adjustment: 'raw',
      from: card.session,
    });
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
