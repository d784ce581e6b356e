import type { Session } from '../calendar/calendar.js';
import { XNYS } from '../calendar/xnys.js';
import {
  generateDailyBars,
  generateIntraday,
  generateNews,
  generateUniverse,
  SYNTHETIC_SOURCE,
  type SyntheticUniverse,
} from '../synthetic/index.js';
import type { MarketDataRepo } from './market-data-repo.js';
import type { CorporateAction, Instrument, QuoteRow, TradeRow, WriteOutcome } from './types.js';

export interface SeedOptions {
  readonly seed: number;
  /** Number of synthetic equities (the benchmark index comes on top). */
  readonly tickers: number;
  /** Years of daily history ending at the last session closed at `now`. */
  readonly years: number;
  /** The service's clock reading (as-of aware); history stops at the last session closed by then. */
  readonly now: Date;
  /** Sessions at the end of the history that get news items. Default 20. */
  readonly newsSessions?: number;
  /** Trades per ticker in the last session's intraday tape. Default 200. */
  readonly intradayTrades?: number;
}

/** A modest universe `bellwether serve` seeds on an empty database: a few seconds at most. */
export const DEFAULT_DEMO: Omit<SeedOptions, 'now'> = { seed: 42, tickers: 20, years: 5 };

export interface SeedOutcome {
  readonly first_session: string;
  readonly last_session: string;
  readonly sessions: number;
  readonly tickers: readonly string[];
  readonly written: WriteOutcome;
}

function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - Math.floor(years));
  d.setUTCDate(d.getUTCDate() - Math.round((years % 1) * 365));
  return d.toISOString().slice(0, 10);
}

/** XNYS sessions from `first` to `last` inclusive. */
function xnysSessions(first: string, last: string): Session[] {
  const out: Session[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000) {
    const s = XNYS.sessionOn(new Date(t).toISOString().slice(0, 10));
    if (s !== undefined) out.push(s);
  }
  return out;
}

function instrumentsOf(universe: SyntheticUniverse): Instrument[] {
  return universe.instruments.map((i) => ({
    ticker: i.ticker,
    name: i.name,
    exchange: i.exchange,
    asset_class: i.asset_class,
    currency: i.currency,
    sector: i.sector,
    calendar: i.calendar,
    active: true,
    source: i.source,
  }));
}

/**
 * Generates the deterministic synthetic market (same options → same rows) and writes it in one
 * transaction, every row labelled `synthetic`: instruments, daily bars up to the last session closed
 * at `now`, splits and dividends, news for the last sessions, and an intraday tape of the last session.
 * Idempotent: seeding again with the same options changes nothing.
 */
export async function seedSyntheticMarket(repo: MarketDataRepo, options: SeedOptions): Promise<SeedOutcome> {
  const last = XNYS.previous(options.now);
  const sessions = xnysSessions(addYears(last.id, options.years), last.id);
  const dates = sessions.map((s) => s.id);
  const universe = generateUniverse({ seed: options.seed, tickers: options.tickers });
  const daily = generateDailyBars(universe, { seed: options.seed, sessions: dates });
  const tickers = universe.instruments.map((i) => i.ticker);
  const actions = new Map<string, CorporateAction[]>(tickers.map((t) => [t, []]));
  for (const a of daily.actions) {
    actions
      .get(a.ticker)
      ?.push({ date: a.date, kind: a.kind, value: a.kind === 'split' ? a.ratio : a.amount });
  }
  const newsSessions = sessions.slice(-(options.newsSessions ?? 20));
  const news = generateNews(universe, daily, { seed: options.seed, sessions: newsSessions });
  const trades: { ticker: string; trades: TradeRow[] }[] = [];
  const quotes: { ticker: string; quotes: QuoteRow[] }[] = [];
  for (const i of universe.instruments) {
    if (i.asset_class === 'index') continue;
    const tape = generateIntraday(universe, daily, {
      seed: options.seed,
      session: last,
      ticker: i.ticker,
      max_trades: options.intradayTrades ?? 200,
    });
    trades.push({
      ticker: i.ticker,
      trades: tape.trades.map((t) => ({ ts: t.t, price: t.price, size: t.size, side: t.side })),
    });
    quotes.push({
      ticker: i.ticker,
      quotes: tape.quotes.map((q) => ({
        ts: q.t,
        bid: q.bid,
        ask: q.ask,
        bid_size: q.bid_size,
        ask_size: q.ask_size,
      })),
    });
  }
  const written = await repo.write({
    source: SYNTHETIC_SOURCE,
    instruments: instrumentsOf(universe),
    bars: tickers.map((t) => ({ ticker: t, bars: daily.bars[t] ?? [] })),
    actions: [...actions].map(([ticker, list]) => ({ ticker, actions: list })),
    trades,
    quotes,
    news: news.map((n) => ({
      id: n.id,
      published_at: n.published_at,
      source: n.source,
      headline: n.headline,
      summary: n.summary,
      url: n.url,
      tickers: n.tickers,
    })),
    run: { kind: 'demo', skipped: 0 },
  });
  return {
    first_session: dates[0] ?? last.id,
    last_session: last.id,
    sessions: dates.length,
    tickers,
    written,
  };
}

/** Seeds the default demo market when the instrument master is empty (fresh install); else does nothing. */
export async function seedDemoMarketIfEmpty(
  repo: MarketDataRepo,
  now: Date,
  options: Partial<Omit<SeedOptions, 'now'>> = {},
): Promise<SeedOutcome | undefined> {
  if ((await repo.listInstruments()).length > 0) return undefined;
  return seedSyntheticMarket(repo, { ...DEFAULT_DEMO, ...options, now });
}
