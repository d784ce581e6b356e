import {
  type CardLevels,
  cardCostR,
  type Direction,
  evaluateOutcome,
  type NullTicker,
  nullOutcomes,
  summariseNull,
} from '@bellwether/analytics';
import { iso } from '../clock/iso.js';
import type { CardOutcomeRecord } from '../db/records.js';
import type { ExchangeCalendar } from '../market/calendar/calendar.js';
import { addDays } from '../market/calendar/local-time.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import { seriesOrIssue } from '../market/store/series-or-issue.js';
import type { DailySeries } from '../market/store/types.js';
import { type PublicationDeps, publicationUniverse } from './publish-session.js';

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

/**
 * Calendar days before a card's session loaded with it: its basis bar (the last bar before it) and the
 * bars the null model's ATR units are measured on (14 sessions and the close before them).
 */
const LOOKBACK_DAYS = 45;

/**
 * Evaluates every published card without an outcome on the bars known now and records those that are
 * resolved (docs/signals/outcomes.md), with their cost and net result at the configured basis points and
 * what the null model's matched random cards did (docs/signals/edge.md); open ones are looked at again
 * next time. A card's levels are in the raw prices of the last bar before its session (its basis: the
 * card was computed on split- and dividend-adjusted bars, whose latest bar keeps its raw prices). The bars
 * after it are evaluated in that basis: the adjusted series known now, rescaled so the basis bar has its
 * raw prices again. A split or a dividend after publication therefore moves the bars' prices exactly as it
 * moved the card's levels had they been re-adjusted, and neither reads as a stop or a target.
 */
export async function trackOutcomes(deps: PublicationDeps): Promise<{ open: number; recorded: number }> {
  const now = deps.now();
  const unresolved = await deps.storage.cards.listUnresolved();
  const recorded: CardOutcomeRecord[] = [];
  const peers = new PeerBars(deps, now);
  for (const row of unresolved) {
    const card = row.payload as StoredCard;
    const loaded = await inCardBasis(deps, card.asset.ticker, card.session, now);
    if (loaded === undefined || loaded.start >= loaded.series.dates.length) continue;
    const { series, start } = loaded;
    const levels: CardLevels = {
      direction: card.direction,
      entry_zone: card.entry_zone,
      t1: card.t1,
      t2: card.t2,
      stop: card.stop,
    };
    const expiryBars = sessionsThrough(deps.calendar, card.session, card.expires_at);
    const o = evaluateOutcome(levels, series, start, expiryBars);
    if (o.open || o.outcome_bar === null) continue;
    const bps = deps.cards.costBps;
    const cost = o.fill_price === null ? null : cardCostR(levels, bps);
    const others = await peers.at(card.session);
    const draws =
      start < 1
        ? []
        : nullOutcomes(
            levels,
            { ticker: card.asset.ticker, bars: series, t: start - 1 },
            others,
            expiryBars,
            card.id,
          );
    const nul = summariseNull(draws, bps);
    recorded.push({
      card_id: card.id,
      session: card.session,
      status: o.status,
      t1_before_stop: o.t1_before_stop,
      fill_price: o.fill_price,
      fill_session: o.fill_bar === null ? null : (series.dates[start + o.fill_bar] ?? null),
      outcome_session: series.dates[start + o.outcome_bar] as string,
      r_multiple: o.r_multiple,
      mfe_r: o.mfe_r,
      mae_r: o.mae_r,
      exit_reason: o.exit,
      sessions_held: o.fill_bar === null ? null : o.outcome_bar - o.fill_bar + 1,
      cost_r: cost,
      r_net: o.r_multiple === null || cost === null ? null : o.r_multiple - cost,
      null_draws: nul.draws,
      null_filled: nul.filled,
      null_t1_rate: nul.t1_rate,
      null_r_net: nul.average_r_net,
      recorded_at: iso(now),
    });
  }
  await deps.storage.cards.recordOutcomes(recorded);
  return { open: unresolved.length - recorded.length, recorded: recorded.length };
}

/**
 * The universe's bars around each card's session, for the null model: each ticker's adjusted series from
 * the lookback before the session, known now, loaded once per run and per session. A ticker counts for a
 * session only when it has a bar on that session (it traded) and bars before it.
 */
class PeerBars {
  private readonly bySession = new Map<string, NullTicker[]>();

  constructor(
    private readonly deps: PublicationDeps,
    private readonly now: Date,
  ) {}

  async at(session: string): Promise<NullTicker[]> {
    const hit = this.bySession.get(session);
    if (hit !== undefined) return hit;
    // The members of the session's point-in-time universe only (ADR 0088).
    const tickers = (await publicationUniverse(this.deps, session)).map((i) => i.ticker);
    const out: NullTicker[] = [];
    for (const ticker of tickers) {
      const series = await seriesOrIssue(this.deps.market, ticker, {
        asOf: this.now,
        adjustment: 'split_div',
        from: addDays(session, -LOOKBACK_DAYS),
      });
      // A ticker whose data cannot be served is no peer (ADR 0080).
      if (series === undefined || series instanceof DataIssueError) continue;
      const t = series.dates.indexOf(session) - 1;
      if (t >= 0) out.push({ ticker, bars: series, t });
    }
    this.bySession.set(session, out);
    return out;
  }
}

/**
 * Bars from the lookback before `session` on, known at `now`, in the prices of the last bar before
 * `session`: split- and dividend-adjusted, scaled so that bar keeps its raw prices; `start` is the index
 * of the session's bar. Without a bar before `session`, the adjusted bars as they are (the card could not
 * have been computed without one).
 */
async function inCardBasis(
  deps: PublicationDeps,
  ticker: string,
  session: string,
  now: Date,
): Promise<{ series: DailySeries; start: number } | undefined> {
  const query = { asOf: now, from: addDays(session, -LOOKBACK_DAYS) };
  const adjusted = await seriesOrIssue(deps.market, ticker, { ...query, adjustment: 'split_div' });
  const raw = await seriesOrIssue(deps.market, ticker, { ...query, adjustment: 'raw' });
  // A card on a ticker whose data cannot be served stays open until they can (ADR 0080).
  if (adjusted === undefined || raw === undefined) return undefined;
  if (adjusted instanceof DataIssueError || raw instanceof DataIssueError) return undefined;
  let start = 0;
  while (start < adjusted.dates.length && (adjusted.dates[start] as string) < session) start++;
  const basis = start - 1;
  const scale = basis < 0 ? 1 : (raw.close[basis] as number) / (adjusted.close[basis] as number);
  const rescaled = (xs: Float64Array) => xs.map((x) => x * scale);
  return {
    series: {
      ...adjusted,
      open: rescaled(adjusted.open),
      high: rescaled(adjusted.high),
      low: rescaled(adjusted.low),
      close: rescaled(adjusted.close),
    },
    start,
  };
}

/** Sessions from `session` through the one closing at `expiresAt`, both included. */
export function sessionsThrough(
  calendar: Pick<ExchangeCalendar, 'sessionOn' | 'currentOrNext'>,
  session: string,
  expiresAt: string,
): number {
  const end = Date.parse(expiresAt);
  let s = calendar.sessionOn(session);
  let count = 0;
  while (s !== undefined && s.closes_at.getTime() <= end && count < 400) {
    count++;
    s = calendar.currentOrNext(new Date(s.closes_at.getTime() + 1));
  }
  return Math.max(count, 1);
}
