import {
  type CardLevels,
  type CardOutcome,
  cardCostR,
  DRIFT_LOOKBACK,
  driftR,
  type ExitReason,
  type NullTicker,
  type OutcomeBars,
  priorDrift,
} from '@bellwether/analytics';
import type { CardOutcomeRecord, CardRecord } from '../db/records.js';
import { cardNulls } from './card-nulls.js';

/**
 * Sessions after a card its same-ticker copies may be drawn from: a year. The draws are fixed once a year
 * (and the expiry) of later bars is known; before that they range over the later bars known at as_of.
 */
export const SAME_TICKER_HORIZON = 252;

/** What a card records of its ticker's drift at publication (ADR 0099); absent on cards before it. */
export interface PublishedDrift {
  /** Mean simple daily return over the returns ending at the last bar before the session; null: too few. */
  readonly daily: number | null;
  readonly returns: number;
  readonly through: string;
}

interface PublishedCard {
  readonly id?: string;
  readonly session: string;
  readonly asset?: { readonly ticker: string };
  readonly direction: CardLevels['direction'];
  readonly entry_zone: CardLevels['entry_zone'];
  readonly t1: number;
  readonly t2: number;
  readonly stop: number;
  readonly expires_at: string;
  readonly drift?: PublishedDrift;
}

/** A card's nulls and drift in the published record (issue #48, ADR 0099). */
export interface RecordNulls {
  readonly same_null_r_net: number | null;
  readonly drift_r_net: number | null;
  readonly null_drift_r_net: number | null;
  /** The daily drift the card's adjustment used, and where it came from. */
  readonly drift: number | null;
  readonly drift_source: 'ledger' | 'bars';
}

/** The bars the record's nulls are computed from, all known at as_of. */
export interface RecordNullsBars {
  /** The card's ticker in the card's basis (the raw prices of the last bar before its session). */
  readonly cardBars: (
    ticker: string,
    session: string,
  ) => { bars: OutcomeBars; dates: readonly string[] } | undefined;
  /** A ticker's split- and dividend-adjusted bars (peers and the copies' drift). */
  readonly adjusted: (ticker: string) => (OutcomeBars & { readonly dates: readonly string[] }) | undefined;
  /** The tickers that can be a card's peers on a session: members of the publication universe then. */
  readonly peerTickers: (session: string) => readonly string[];
  /** Sessions from a card's session through its expiry, both counted. */
  readonly expiryBars: (session: string, expiresAt: string) => number;
}

/** A series cut to its first `n` bars (the same-ticker copies' horizon). */
function firstBars(bars: OutcomeBars, n: number): OutcomeBars {
  if (bars.close.length <= n) return bars;
  return {
    open: bars.open.subarray(0, n),
    high: bars.high.subarray(0, n),
    low: bars.low.subarray(0, n),
    close: bars.close.subarray(0, n),
  };
}

/** The recorded outcome as the outcome rules return it, its bars counted from the card's session. */
function recordedOutcome(
  o: CardOutcomeRecord,
  dates: readonly string[],
  start: number,
): CardOutcome | undefined {
  const fill = o.fill_session === null ? -1 : dates.indexOf(o.fill_session);
  const exit = dates.indexOf(o.outcome_session);
  if (fill < start || exit < fill) return undefined;
  return {
    status: o.status,
    t1_before_stop: o.t1_before_stop,
    fill_price: o.fill_price,
    fill_bar: fill - start,
    outcome_bar: exit - start,
    r_multiple: o.r_multiple,
    mfe_r: o.mfe_r,
    mae_r: o.mae_r,
    open: false,
    exit: o.exit_reason as ExitReason | null,
  };
}

/**
 * The same-ticker null, the drift-adjusted net R and the cross-ticker copies' drift-adjusted net R of each
 * filled card of the record (issue #48, ADR 0099), by the backtest's own function (`cardNulls`) on the bars
 * known at as_of: the card on its ticker in its basis, its copies on the session's members, seeded by the
 * card's id as the outcome tracker seeds its cross-ticker copies. The outcome is the recorded one (never
 * re-judged). The drift is the one the card recorded in the ledger at publication when it has one, else
 * estimated from the bars before its session (point in time either way). `onCard` lets the caller yield
 * between cards.
 */
export async function recordNulls(
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
  source: RecordNullsBars,
  costBps: number,
  onCard: (k: number) => Promise<void> | void = () => undefined,
): Promise<Map<string, RecordNulls>> {
  const byId = new Map(cards.map((c) => [c.id, c.payload as PublishedCard]));
  const peersOf = new Map<string, NullTicker[]>();
  const peers = (session: string): NullTicker[] => {
    const hit = peersOf.get(session);
    if (hit !== undefined) return hit;
    const out: NullTicker[] = [];
    for (const ticker of source.peerTickers(session)) {
      const bars = source.adjusted(ticker);
      if (bars === undefined) continue;
      const t = bars.dates.indexOf(session) - 1;
      if (t >= 0) out.push({ ticker, bars, t });
    }
    peersOf.set(session, out);
    return out;
  };
  const out = new Map<string, RecordNulls>();
  let k = 0;
  for (const o of outcomes) {
    const card = byId.get(o.card_id);
    const ticker = card?.asset?.ticker;
    if (card === undefined || ticker === undefined || o.t1_before_stop === null || o.r_multiple === null)
      continue;
    if (typeof card.stop !== 'number' || typeof card.entry_zone?.high !== 'number') continue;
    const loaded = source.cardBars(ticker, card.session);
    if (loaded === undefined) continue;
    const start = loaded.dates.findIndex((d) => d >= card.session);
    if (start < 1) continue;
    const outcome = recordedOutcome(o, loaded.dates, start);
    if (outcome === undefined) continue;
    await onCard(k++);
    const levels: CardLevels = {
      direction: card.direction,
      entry_zone: card.entry_zone,
      t1: card.t1,
      t2: card.t2,
      stop: card.stop,
    };
    const expiry = source.expiryBars(card.session, card.expires_at);
    const bars = firstBars(loaded.bars, start + SAME_TICKER_HORIZON + expiry);
    const computed = cardNulls(
      levels,
      { ticker, bars, t: start - 1 },
      outcome,
      peers(card.session),
      source.adjusted,
      expiry,
      o.card_id,
      costBps,
    );
    const recorded = card.drift;
    if (recorded !== undefined) {
      // The drift published with the card: the ledger's, never re-estimated from bars corrected since.
      const d = recorded.daily === null ? null : driftR(levels, bars, start, outcome, recorded.daily);
      const net = o.r_multiple - cardCostR(levels, costBps);
      out.set(o.card_id, {
        ...computed,
        drift_r_net: d === null ? null : net - d,
        drift: recorded.daily,
        drift_source: 'ledger',
      });
      continue;
    }
    const drift = priorDrift(bars.close, start - 1);
    out.set(o.card_id, { ...computed, drift: Number.isFinite(drift) ? drift : null, drift_source: 'bars' });
  }
  return out;
}

/** What a new card records of its ticker's drift: the returns ending at bar `t` (the last before the session). */
export function publishedDrift(close: ArrayLike<number>, t: number, through: string): PublishedDrift {
  const d = priorDrift(close, t);
  return {
    daily: Number.isFinite(d) ? d : null,
    returns: Math.max(0, Math.min(DRIFT_LOOKBACK, t)),
    through,
  };
}
