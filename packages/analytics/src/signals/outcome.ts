import type { CardLevels } from './types.js';

export type OutcomeStatus = 'unfilled' | 'stopped' | 't1' | 't2' | 'expired';

/**
 * How the position ended: at T2, at the stop, at break-even after T1 (the stop moved there), at the close
 * of the last live bar (time), or never opened.
 */
export type ExitReason = 'target_2' | 'stop' | 'breakeven' | 'time' | 'not_filled';

/**
 * What happened to a card on the bars after its publication, as the bracket the broker integration
 * sends (packages/server/src/brokers/bracket-plan.ts) would have fared (docs/signals/outcomes.md, ADR
 * 0087). Entry: a limit at the last close held to the zone (`bracketEntryLimit`); no order when the close
 * has already left the zone towards the target or is through the stop; the limit fills at the open of
 * the first bar that opens at or through it, else at the limit on the first bar that trades to it.
 * Management: half off at T1 (a resting limit: at T1 even when a bar gaps over it), stop to break-even;
 * the rest off at T2 (likewise at T2), at the stop, or at the close of the last live bar. A stop is a
 * stop order: a bar that opens through it exits at its open. When the stop and a target are touched in
 * the same bar, the stop counts.
 */
export interface CardOutcome {
  readonly status: OutcomeStatus;
  /** Whether T1 was reached before the stop (the event conviction forecasts); null when unfilled. */
  readonly t1_before_stop: boolean | null;
  readonly fill_price: number | null;
  /** Bars after publication: of the fill, and of the final outcome (null while unresolved). */
  readonly fill_bar: number | null;
  readonly outcome_bar: number | null;
  /** Realised result in R under the management rule. */
  readonly r_multiple: number | null;
  /** Maximum favourable and adverse excursion from the fill, in R. */
  readonly mfe_r: number | null;
  readonly mae_r: number | null;
  /** True when the bars seen end before the card's expiry without a final outcome. */
  readonly open: boolean;
  /** How the position ended; null while open. */
  readonly exit: ExitReason | null;
}

export interface OutcomeBars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * A price on the broker's tick: whole cents at or above $1, four decimals below (SEC Rule 612), rounded
 * up, down or to the nearest tick. The same rounding as the broker integration's `tickRound`.
 */
export function tickRound(price: number, toward: 'up' | 'down' | 'nearest'): number {
  const step = price >= 1 ? 100 : 10_000;
  const scaled = price * step;
  const n =
    toward === 'up'
      ? Math.ceil(scaled - 1e-9)
      : toward === 'down'
        ? Math.floor(scaled + 1e-9)
        : Math.round(scaled);
  return n / step;
}

/**
 * The entry limit of the bracket the broker integration sends for a card when the last trade is
 * `lastPrice`: the last price held to the entry zone and rounded to a tick inside it. Undefined when the
 * integration refuses the card: the price has left the zone towards the target (long: above the zone's
 * high), or is at or through the stop. The last price is taken on the tick (a trade prints on one).
 */
export function bracketEntryLimit(levels: CardLevels, lastPrice: number): number | undefined {
  const { low, high } = levels.entry_zone;
  const last = tickRound(lastPrice, 'nearest');
  const refused =
    levels.direction === 'long' ? last > high || last <= levels.stop : last < low || last >= levels.stop;
  if (refused || !Number.isFinite(last)) return undefined;
  const inZone = Math.min(high, Math.max(low, last));
  return Math.min(tickRound(high, 'down'), Math.max(tickRound(low, 'up'), tickRound(inZone, 'nearest')));
}

/**
 * Evaluates `levels` on bars `from … from + expiryBars − 1` (the sessions after publication). The order
 * is placed at `lastPrice`, by default the close of bar `from − 1` (the last bar before the card's
 * session); with neither, the limit rests at the zone's far edge. Pure and incremental: evaluating again
 * with more bars only ever resolves an open card, never changes a resolved one.
 */
export function evaluateOutcome(
  levels: CardLevels,
  bars: OutcomeBars,
  from: number,
  expiryBars: number,
  lastPrice: number | undefined = from >= 1 ? bars.close[from - 1] : undefined,
): CardOutcome {
  const s = levels.direction === 'long' ? 1 : -1;
  // Work in "long" terms: negate prices for shorts (high and low swap).
  const hi = (i: number) => (s === 1 ? (bars.high[i] as number) : -(bars.low[i] as number));
  const lo = (i: number) => (s === 1 ? (bars.low[i] as number) : -(bars.high[i] as number));
  const op = (i: number) => s * (bars.open[i] as number);
  const cl = (i: number) => s * (bars.close[i] as number);
  const zoneHigh = s === 1 ? levels.entry_zone.high : -levels.entry_zone.low;
  const order = lastPrice === undefined ? s * zoneHigh : bracketEntryLimit(levels, lastPrice);
  // No order (refused): the card never fills.
  const limit = order === undefined ? Number.NEGATIVE_INFINITY : s * order;
  const stop = s * levels.stop;
  const t1 = s * levels.t1;
  const t2 = s * levels.t2;
  const end = Math.min(from + expiryBars, bars.close.length);
  const complete = from + expiryBars <= bars.close.length;
  let fill: number | undefined;
  let fillBar = -1;
  // R is the card's planned risk, from the zone's far edge to the stop: a fill better than planned earns
  // more R and loses less, and a fill an inch above the stop does not make one R an inch.
  const risk = zoneHigh - stop;
  let mfe = 0;
  let mae = 0;
  let t1Hit = false;
  for (let i = from; i < end; i++) {
    if (fill === undefined) {
      if (!(lo(i) <= limit)) continue;
      fill = Math.min(op(i), limit);
      fillBar = i - from;
      if (op(i) <= stop) {
        // Opened at or through the stop: the limit entry fills at the open and the stop takes it straight
        // out there, for nothing but costs (0 R).
        return result('stopped', false, fill, fillBar, i - from, 0, 0, 0, 'stop');
      }
    }
    mfe = Math.max(mfe, (hi(i) - fill) / risk);
    mae = Math.min(mae, (lo(i) - fill) / risk);
    const stopNow = t1Hit ? fill : stop;
    if (lo(i) <= stopNow) {
      // The stop counts first, also when a target lies in the same bar. A stop order triggered by a bar
      // that opens through it fills at that open, not at the stop.
      const exitPrice = Math.min(op(i), stopNow);
      const r = t1Hit
        ? 0.5 * ((t1 - fill) / risk) + 0.5 * ((exitPrice - fill) / risk)
        : (exitPrice - fill) / risk;
      return result(
        t1Hit ? 't1' : 'stopped',
        t1Hit,
        fill,
        fillBar,
        i - from,
        r,
        mfe,
        mae,
        t1Hit ? 'breakeven' : 'stop',
      );
    }
    if (!t1Hit && hi(i) >= t1) t1Hit = true;
    if (t1Hit && hi(i) >= t2)
      return result(
        't2',
        true,
        fill,
        fillBar,
        i - from,
        0.5 * ((t1 - fill) / risk) + 0.5 * ((t2 - fill) / risk),
        mfe,
        mae,
        'target_2',
      );
  }
  if (!complete) {
    return {
      status: fill === undefined ? 'unfilled' : t1Hit ? 't1' : 'expired',
      t1_before_stop: fill === undefined ? null : t1Hit ? true : null,
      fill_price: fill === undefined ? null : s * fill,
      fill_bar: fill === undefined ? null : fillBar,
      outcome_bar: null,
      r_multiple: null,
      mfe_r: fill === undefined ? null : mfe,
      mae_r: fill === undefined ? null : mae,
      open: true,
      exit: null,
    };
  }
  if (fill === undefined)
    return {
      status: 'unfilled',
      t1_before_stop: null,
      fill_price: null,
      fill_bar: null,
      outcome_bar: end - from - 1,
      r_multiple: null,
      mfe_r: null,
      mae_r: null,
      open: false,
      exit: 'not_filled',
    };
  const closeR = (cl(end - 1) - fill) / risk;
  const r = t1Hit ? 0.5 * ((t1 - fill) / risk) + 0.5 * Math.max(closeR, 0) : closeR;
  return result(t1Hit ? 't1' : 'expired', t1Hit, fill, fillBar, end - from - 1, r, mfe, mae, 'time');

  function result(
    status: OutcomeStatus,
    t1First: boolean,
    fillPrice: number,
    fb: number,
    ob: number,
    rMultiple: number,
    mfeR: number,
    maeR: number,
    exit: ExitReason,
  ): CardOutcome {
    return {
      status,
      t1_before_stop: t1First,
      fill_price: s * fillPrice,
      fill_bar: fb,
      outcome_bar: ob,
      r_multiple: rMultiple,
      mfe_r: mfeR,
      mae_r: maeR,
      open: false,
      exit,
    };
  }
}
