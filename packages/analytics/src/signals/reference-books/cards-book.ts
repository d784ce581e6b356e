import { type BookWindow, type PricePanel, priced } from './panel.js';

/** One filled card as the cards book trades it (dates are sessions of the panel). */
export interface BookTrade {
  readonly ticker: string;
  readonly direction: 'long' | 'short';
  /** Sessions of the fill and of the exit (the exit's close ends the position). */
  readonly fill_date: string;
  readonly exit_date: string;
  readonly fill_price: number;
  /** The planned risk per share: the entry zone's far edge to the stop (what one R is). */
  readonly risk_per_share: number;
  /** The realised R multiple under the management rule, and the round-trip cost in R. */
  readonly r_multiple: number;
  readonly cost_r: number;
}

export interface CardsBookOptions {
  /** Capital risked per card, as a fraction of the book's equity at the close before the fill (0.01). */
  readonly riskPerCard?: number;
  /**
   * Most gross exposure (Σ |position value| / equity) the book may carry (default 1: no leverage). A card
   * whose position would take the book past it is not taken: no cash, no trade.
   */
  readonly maxGrossExposure?: number;
}

export const CARDS_BOOK_DEFAULTS = { riskPerCard: 0.01, maxGrossExposure: 1 } as const;

export interface CardsBookRun {
  readonly equity: Float64Array;
  /** Gross exposure at each close: Σ |shares × close| of the open positions / equity. */
  readonly exposure: Float64Array;
  /** Cards traded (filled in the window), and those left out (ticker not in the panel, or no risk). */
  readonly trades: number;
  readonly skipped: number;
  /** Cards of the window not taken because the book had no room under its gross exposure cap. */
  readonly no_room: number;
}

/**
 * The cards as a book: each filled card risks `riskPerCard` of the equity at the close before its fill,
 * so it holds risk / risk-per-share shares (position size = risk / (entry − stop)). The position is
 * marked to market at each close from its fill price; on the exit session the book takes what the card
 * realised — risk × R, as the outcome rules count it (half off at T1, stops gapped through, …) — less
 * what was already marked, so each card adds exactly risk × (R − cost R) to the book. Costs are charged
 * half at the fill and half at the exit. Positions still open at the window's end stay marked at its last
 * close. A card that would take gross exposure past `maxGrossExposure` is not taken (cards of a session in
 * the order given, the selection's rank).
 */
export function cardsBook(
  panel: PricePanel,
  window: BookWindow,
  trades: readonly BookTrade[],
  options: CardsBookOptions = {},
): CardsBookRun {
  const riskPerCard = options.riskPerCard ?? CARDS_BOOK_DEFAULTS.riskPerCard;
  const cap = options.maxGrossExposure ?? CARDS_BOOK_DEFAULTS.maxGrossExposure;
  const at = new Map(panel.dates.map((d, i) => [d, i]));
  const tick = new Map(panel.tickers.map((t, j) => [t, j]));
  const byFill = new Map<number, { trade: BookTrade; j: number; exit: number }[]>();
  let skipped = 0;
  for (const trade of trades) {
    const j = tick.get(trade.ticker);
    const fill = at.get(trade.fill_date);
    const exit = at.get(trade.exit_date);
    if (
      j === undefined ||
      fill === undefined ||
      exit === undefined ||
      exit < fill ||
      !(trade.risk_per_share > 0) ||
      !(trade.fill_price > 0)
    ) {
      skipped++;
      continue;
    }
    if (fill < window.from || fill > window.to) continue;
    byFill.set(fill, [...(byFill.get(fill) ?? []), { trade, j, exit }]);
  }
  interface Open {
    readonly j: number;
    readonly s: 1 | -1;
    readonly shares: number;
    readonly risk: number;
    readonly exit: number;
    readonly trade: BookTrade;
    mark: number;
    marked: number;
  }
  const n = window.to - window.from + 1;
  const equity = new Float64Array(Math.max(0, n));
  const exposure = new Float64Array(Math.max(0, n));
  let open: Open[] = [];
  let e = 1;
  let count = 0;
  let noRoom = 0;
  for (let i = window.from; i <= window.to; i++) {
    const before = e;
    // Gross at the last marks, positions exiting today included (their exit may come after this fill).
    let used = open.reduce((g, p) => g + p.shares * p.mark, 0);
    for (const { trade, j, exit } of byFill.get(i) ?? []) {
      const risk = riskPerCard * before;
      const shares = risk / trade.risk_per_share;
      if (!(before > 0) || used + shares * trade.fill_price > cap * before) {
        noRoom++;
        continue;
      }
      used += shares * trade.fill_price;
      open.push({
        j,
        s: trade.direction === 'long' ? 1 : -1,
        shares,
        risk,
        exit,
        trade,
        mark: trade.fill_price,
        marked: 0,
      });
      e -= (risk * trade.cost_r) / 2;
      count++;
    }
    const still: Open[] = [];
    let gross = 0;
    for (const p of open) {
      if (p.exit === i) {
        // The card's realised result, less what the marks already booked.
        e += p.risk * p.trade.r_multiple - p.marked - (p.risk * p.trade.cost_r) / 2;
        continue;
      }
      const close = panel.close[p.j]?.[i];
      if (priced(close)) {
        const pnl = p.s * p.shares * (close - p.mark);
        e += pnl;
        p.marked += pnl;
        p.mark = close;
      }
      gross += p.shares * p.mark;
      still.push(p);
    }
    open = still;
    equity[i - window.from] = e;
    exposure[i - window.from] = e > 0 ? gross / e : 0;
  }
  return { equity, exposure, trades: count, skipped, no_room: noRoom };
}
