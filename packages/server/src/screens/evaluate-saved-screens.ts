import type { NewEvent } from '../db/event-outbox.js';
import type { Storage } from '../db/repositories.js';
import type { SavedScreenRecord } from '../db/saved-screens-repo.js';
import { nextTurn } from '../event-loop-turns.js';
import type { ExchangeCalendar } from '../market/calendar/calendar.js';
import { knownThrough } from '../market/store/known-through.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { MarketListings } from '../market/store/market-listings.js';
import type { PlanCatalog } from '../platform/plans/plan-catalog.js';
import { runScreen, type TickerOutcome } from '../screening/run-screen.js';
import { computeScreen } from '../screening/screen-compute.js';
import { MAX_SCREEN_LIMIT, parseScreenRequest } from '../screening/screen-request.js';
import { screenUniverse } from '../screening/screen-universe.js';
import { screenQueryOf } from '../screening/stored-screen.js';

export interface SavedScreensDeps {
  readonly storage: Pick<Storage, 'savedScreens' | 'accounts' | 'universeMembership'>;
  readonly market: MarketDataRepo;
  readonly listings: MarketListings;
  readonly plans: PlanCatalog;
  /** The service's calendar: its last closed session names the evaluation. */
  readonly calendar: ExchangeCalendar;
  readonly now: () => Date;
}

export interface SavedScreensOutcome {
  readonly session: string;
  /** Screens whose members this run recorded (the first time, or a new session). */
  readonly recorded: number;
  /** Screens already recorded for this session (by this or another process), or edited meanwhile. */
  readonly skipped: number;
  /** Screens not run: the account's plan lacks the screener, or the screen no longer checks. */
  readonly unavailable: number;
  readonly events: number;
}

/** Tickers evaluated between two turns of the event loop (a whole-history indicator reads every bar of each). */
const TICKERS_PER_TURN = 10;

/** Evaluated on the event loop, a few tickers a turn: a background task must not hold it. */
const IN_PROCESS_LANE = {
  async screen(input: Parameters<typeof computeScreen>[0]) {
    const out: ReturnType<typeof computeScreen> = [];
    for (let i = 0; i < input.tickers.length; i += TICKERS_PER_TURN) {
      await nextTurn();
      out.push(...computeScreen({ ...input, tickers: input.tickers.slice(i, i + TICKERS_PER_TURN) }));
    }
    return out;
  },
};

/**
 * Runs every saved screen at the last closed session (after each close, beside card publication) and
 * records its members; from the second run on, each ticker that entered or left its matches becomes a
 * `screen.entered` or `screen.left` event of the screen's account, written with the members in one
 * transaction, only if no other process recorded this session first. A screen whose account lost the
 * screener, or that no longer checks (an indicator left the catalogue, a ticker its list names was
 * removed), is left as it is.
 */
export async function evaluateSavedScreens(deps: SavedScreensDeps): Promise<SavedScreensOutcome> {
  const now = deps.now();
  const session = knownThrough(deps.calendar, now);
  let recorded = 0;
  let skipped = 0;
  let unavailable = 0;
  let events = 0;
  for (const saved of await deps.storage.savedScreens.listAll()) {
    if (saved.members_session !== null && saved.members_session >= session) {
      skipped++;
      continue;
    }
    const account = await deps.storage.accounts.get(saved.account_id);
    const plan = account?.plan_id == null ? undefined : deps.plans.get(account.plan_id);
    if (plan === undefined || !plan.entitlements.includes('screener')) {
      unavailable++;
      continue;
    }
    let outcomes: ReadonlyMap<string, TickerOutcome>;
    let members: string[];
    try {
      const request = parseScreenRequest(screenQueryOf(saved.request, { limit: MAX_SCREEN_LIMIT }), 'body');
      // The members of the point-in-time universe on the session evaluated (ADR 0088).
      const universe = await screenUniverse(deps.market, deps.listings, request, 'body', {
        membership: await deps.storage.universeMembership.load(),
        day: session,
      });
      const run = await runScreen(deps.market, IN_PROCESS_LANE, request, universe, now);
      outcomes = run.outcomes;
      members = run.members.slice();
    } catch {
      unavailable++;
      continue;
    }
    const changes = saved.members === null ? [] : screenEvents(saved, session, members, outcomes);
    if (await deps.storage.savedScreens.recordMembers(saved, session, members, changes)) {
      recorded++;
      events += changes.length;
    } else skipped++;
  }
  return { session, recorded, skipped, unavailable, events };
}

/** The entered and left events between the stored members and `members`, in ticker order. */
function screenEvents(
  saved: SavedScreenRecord,
  session: string,
  members: readonly string[],
  outcomes: ReadonlyMap<string, TickerOutcome>,
): NewEvent[] {
  const before = new Set(saved.members);
  const now = new Set(members);
  const common = (ticker: string) => ({
    screen_id: saved.id,
    screen_name: saved.name,
    session,
    ticker,
    name: outcomes.get(ticker)?.name ?? ticker,
  });
  const out: NewEvent[] = [];
  for (const ticker of [...new Set([...before, ...now])].sort()) {
    const o = outcomes.get(ticker);
    if (now.has(ticker) && !before.has(ticker))
      out.push({
        type: 'screen.entered',
        account_id: saved.account_id,
        data: { ...common(ticker), values: o !== undefined && 'values' in o ? o.values : {} },
      });
    else if (before.has(ticker) && !now.has(ticker))
      out.push({
        type: 'screen.left',
        account_id: saved.account_id,
        data: {
          ...common(ticker),
          reason: o === undefined ? 'not_in_universe' : o.status === 'no_bar' ? 'stale' : o.status,
          values: o !== undefined && 'values' in o ? o.values : null,
        },
      });
  }
  return out;
}
