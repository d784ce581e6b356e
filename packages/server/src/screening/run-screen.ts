import { rankScreenResults, type ScreenEvaluation, type ScreenPlan } from '@bellwether/analytics';
import { nextTurn } from '../event-loop-turns.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { DailySeries, Instrument } from '../market/store/types.js';
import { ScreenBatches } from './screen-batches.js';
import type { computeScreen, ScreenComputeInput, ScreenTickerBars } from './screen-compute.js';
import type { ScreenRequest } from './screen-request.js';

/** A ticker that matched: the session screened, the sort value and every operand's value there. */
/** Where a screen's batches are evaluated: the compute pool's lane (worker threads), or a direct call. */
export interface ScreenLane {
  screen(input: ScreenComputeInput): Promise<ReturnType<typeof computeScreen>>;
}

export interface ScreenMatch {
  readonly ticker: string;
  readonly name: string;
  readonly date: string;
  readonly sort_value: number | null;
  readonly values: Readonly<Record<string, number | null>>;
  readonly previous?: Readonly<Record<string, number | null>>;
}

/** Tickers left out of a screen, counted, with the first few named. */
export interface LeftOut {
  readonly count: number;
  readonly tickers: readonly string[];
}

/** Tickers left out because their data cannot be served (ADR 0080), each named with what is wrong. */
export interface LeftOutWithReasons extends LeftOut {
  readonly reasons: readonly { readonly ticker: string; readonly reason: string }[];
}

/** What a screen found for one ticker of its universe. */
export type TickerOutcome =
  | {
      readonly status: 'matched' | 'condition_false' | 'undecided';
      readonly name: string;
      readonly values: Readonly<Record<string, number | null>>;
    }
  | { readonly status: 'stale' | 'no_data' | 'no_bar' | 'data_issue'; readonly name: string };

export interface ScreenRun {
  /** Instruments in the universe. */
  readonly universe: number;
  /** Tickers the screen was evaluated on. */
  readonly evaluated: number;
  /** Matches before `limit`. */
  readonly matched: number;
  /** The matches in answer order, at most `limit`. */
  readonly matches: readonly ScreenMatch[];
  /** Every ticker that matched (for saved screens' membership), alphabetical. */
  readonly members: readonly string[];
  /** Evaluated, but some value the condition reads is missing (too little history): neither in nor out. */
  readonly undecided: LeftOut;
  /** Not evaluated: no bar known at as_of at all (an instrument listed before its data arrived). */
  readonly noData: LeftOut;
  /** Not evaluated: the ticker's last bar is before the session it should be screened at. */
  readonly stale: LeftOut;
  /** Not evaluated: no bar on the requested date (not trading then, listed later, or delisted). */
  readonly noBar: LeftOut;
  /** Not evaluated: the ticker's data cannot be served (a bar without a price, an unreadable action). */
  readonly dataIssue: LeftOutWithReasons;
  /** Every ticker of the universe with what the screen found (saved screens' events read it). */
  readonly outcomes: ReadonlyMap<string, TickerOutcome>;
}

/** Tickers named per left-out reason. */
const NAMED = 20;
/** Tickers per worker task: ~a few ms of work, so a task never holds a thread long. */
const BATCH_TICKERS = 100;
/** Batches sent to the compute pool and not yet answered, at most. */
const IN_FLIGHT = 2;
/**
 * Bars loaded and not yet evaluated, at most (~40 MB of prices): two batches of whole 20-year
 * histories, or every tail of a 500-ticker screen, so loads go on while the compute thread starts.
 */
const BARS_HELD = 1_000_000;
/** Stands for a result until its batch is answered (every one is replaced before use). */
const PENDING: ScreenEvaluation = { matched: false, decided: false, values: {}, missing: [], sort: null };
/** Tickers loaded between two turns of the event loop, at most. */
const LOADS_PER_TURN = 25;
/**
 * Bars a turn's loads may copy and adjust on the event loop (~25 tails of an `rsi(14)` screen). A screen
 * with a whole-history indicator (`obv`, `kama`, `supertrend`) reads twenty years of each ticker: 25 of
 * those in one turn held the loop long enough to show in another key's `/cards` p99 (issue #42), so
 * such a turn takes a few tickers.
 */
const BARS_PER_TURN = 15_000;
/** What a whole history counts for when sizing turns: twenty years of sessions. */
const WHOLE_HISTORY_BARS = 5_000;

/** Tickers a turn loads for a screen reading `tail` bars of each (undefined: the whole history). */
function loadsPerTurn(tail: number | undefined): number {
  return Math.max(1, Math.min(LOADS_PER_TURN, Math.floor(BARS_PER_TURN / (tail ?? WHOLE_HISTORY_BARS))));
}

/**
 * Bars a screen reads before and at the evaluated bar: the longest tail of its computations (undefined:
 * some indicator needs the whole history), and at least two (a cross reads the previous bar).
 */
function screenTail(plan: ScreenPlan): number | undefined {
  let tail = 2;
  for (const c of plan.computations) {
    if (c.tail === undefined) return undefined;
    tail = Math.max(tail, c.tail);
  }
  return tail;
}

/** Loaded tickers on their way to the compute pool; `slot`: where their results go in `evaluated`. */
interface Batch {
  readonly slot: number;
  readonly sent: readonly Loaded[];
}

/** A ticker loaded for evaluation: its bars through the session screened. */
interface Loaded {
  readonly instrument: Instrument;
  readonly date: string;
  readonly bars: ScreenTickerBars;
}

class Names {
  count = 0;
  readonly tickers: string[] = [];
  constructor(
    readonly status: 'stale' | 'no_data' | 'no_bar' | 'data_issue' | 'undecided',
    readonly outcomes: Map<string, TickerOutcome>,
  ) {}
  add(instrument: Instrument): void {
    if (this.count++ < NAMED) this.tickers.push(instrument.ticker);
    if (this.status !== 'undecided')
      this.outcomes.set(instrument.ticker, { status: this.status, name: instrument.name });
  }
  get view(): LeftOut {
    return { count: this.count, tickers: this.tickers };
  }
}

/**
 * Runs a screen over `universe` as of `asOf`: each ticker's bars known then (adjusted as asked, only the
 * tail the screen needs) ending at the session screened — `request.date`, or the ticker's last closed
 * session — so nothing after it is read. A ticker whose data stop before that session is left out as
 * stale, not screened on older data. Evaluation runs on the compute pool in batches; the loads yield the
 * event loop every few tickers.
 */
export async function runScreen(
  market: MarketDataRepo,
  lane: ScreenLane,
  request: ScreenRequest,
  universe: readonly Instrument[],
  asOf: Date,
  limits: { readonly barsHeld: number } = { barsHeld: BARS_HELD },
): Promise<ScreenRun> {
  const tail = screenTail(request.screen.plan);
  const outcomes = new Map<string, TickerOutcome>();
  const noData = new Names('no_data', outcomes);
  const stale = new Names('stale', outcomes);
  const noBar = new Names('no_bar', outcomes);
  const undecided = new Names('undecided', outcomes);
  const dataIssue = new Names('data_issue', outcomes);
  const reasons: { ticker: string; reason: string }[] = [];
  const evaluated: { instrument: Instrument; date: string; result: ScreenEvaluation }[] = [];
  // Batches are evaluated while the next ones load.
  const batches = new ScreenBatches<Batch>(
    async ({ slot, sent }) => {
      const results = await lane.screen({
        where: request.where,
        sort: request.sort,
        tickers: sent.map((b) => b.bars),
      });
      results.forEach((result, i) => {
        evaluated[slot + i]!.result = result;
      });
    },
    ({ sent }) => sent.reduce((n, b) => n + b.bars.close.length, 0),
    { maxSent: IN_FLIGHT, maxHeld: limits.barsHeld },
  );
  let batch: Loaded[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    const slot = evaluated.length;
    for (const b of sent) evaluated.push({ instrument: b.instrument, date: b.date, result: PENDING });
    await batches.add({ slot, sent });
  };
  const query = {
    asOf,
    adjustment: request.adjust,
    ...(request.date === undefined ? {} : { to: request.date }),
    ...(tail === undefined ? {} : { tail }),
  };
  let loaded: readonly (DailySeries | undefined | DataIssueError)[] = [];
  const perTurn = loadsPerTurn(tail);
  for (let i = 0; i < universe.length; i++) {
    if (i % perTurn === 0) {
      if (i > 0) await nextTurn();
      // A turn's tickers are read together (one query per kind of row for the uncached ones).
      loaded = await market.getDailySeriesMany(
        universe.slice(i, i + perTurn).map((u) => u.ticker),
        query,
      );
    }
    const instrument = universe[i]!;
    const series = loaded[i % perTurn];
    if (series instanceof DataIssueError) {
      // One ticker's bad row loses that ticker, by name, never the screen.
      if (dataIssue.count < NAMED) reasons.push({ ticker: instrument.ticker, reason: series.message });
      dataIssue.add(instrument);
      continue;
    }
    const last = series?.dates.at(-1);
    if (series === undefined || series.last_bar === null) {
      noData.add(instrument);
      continue;
    }
    if (last === undefined) {
      // Bars exist, none through `date`: listed after it.
      noBar.add(instrument);
      continue;
    }
    const session = request.date ?? series.known_through;
    if (last !== session) {
      // Asked for a date: no bar then (or the date is not closed yet for this ticker's calendar).
      if (request.date !== undefined && request.date <= series.known_through) noBar.add(instrument);
      else stale.add(instrument);
      continue;
    }
    const { open, high, low, close, volume } = series;
    batch.push({
      instrument,
      date: last,
      bars: { ticker: instrument.ticker, open, high, low, close, volume },
    });
    if (batch.length >= BATCH_TICKERS) await flush();
  }
  await flush();
  await batches.finish();

  for (const e of evaluated) {
    if (!e.result.decided) undecided.add(e.instrument);
    const status = e.result.matched ? 'matched' : e.result.decided ? 'condition_false' : 'undecided';
    outcomes.set(e.instrument.ticker, { status, name: e.instrument.name, values: e.result.values });
  }
  const descending = request.screen.sort?.descending ?? false;
  const matchedAll = evaluated.filter((e) => e.result.matched);
  const ranked = rankScreenResults(
    evaluated.map((e) => ({ ...e, matched: e.result.matched, sort: e.result.sort })),
    { descending, limit: request.limit },
  );
  return {
    universe: universe.length,
    evaluated: evaluated.length,
    matched: matchedAll.length,
    matches: ranked.map((e) => ({
      ticker: e.instrument.ticker,
      name: e.instrument.name,
      date: e.date,
      sort_value: e.result.sort,
      values: e.result.values,
      ...(e.result.previous === undefined ? {} : { previous: e.result.previous }),
    })),
    members: matchedAll.map((e) => e.instrument.ticker).sort(),
    undecided: undecided.view,
    noData: noData.view,
    stale: stale.view,
    noBar: noBar.view,
    dataIssue: { ...dataIssue.view, reasons },
    outcomes,
  };
}
