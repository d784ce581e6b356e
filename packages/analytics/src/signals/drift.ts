import { cardCostR } from './costs.js';
import type { NullDraw } from './null-model.js';
import type { CardOutcome, OutcomeBars } from './outcome.js';
import type { CardLevels } from './types.js';

/** Sessions of history the drift is estimated from, and the fewest daily returns it needs. */
export const DRIFT_LOOKBACK = 252;
export const DRIFT_MIN_RETURNS = 60;

/**
 * A ticker's own drift before bar `t`: the mean simple daily close-to-close return over the `lookback`
 * returns ending at bar t (bars t − lookback … t), so only data a card published after t could have seen.
 * The simple return, not the log return: a position earns the arithmetic drift (the mean log return
 * falls short of it by about σ²/2, which at 2 % daily volatility is as large as a typical drift). NaN with
 * fewer than `minReturns` returns.
 */
export function priorDrift(
  close: ArrayLike<number>,
  t: number,
  lookback = DRIFT_LOOKBACK,
  minReturns = DRIFT_MIN_RETURNS,
): number {
  const start = Math.max(1, t - lookback + 1);
  if (t >= close.length || t - start + 1 < minReturns) return Number.NaN;
  let sum = 0;
  for (let i = start; i <= t; i++) sum += (close[i] as number) / (close[i - 1] as number) - 1;
  return sum / (t - start + 1);
}

/**
 * Bars of exposure of a resolved, filled card, weighted by the share of the position held: the full
 * position from the fill to the bar T1 was reached, half of it after (the management rule takes half off
 * at T1). A fill at the open starts at the bar's start, one inside the bar at its middle; an exit at the
 * close (time) ends at the bar's end, one at a level at its middle; a card stopped at the open it filled
 * at held nothing. Null when unfilled or unresolved.
 */
export function exposureBars(
  levels: CardLevels,
  bars: OutcomeBars,
  from: number,
  outcome: CardOutcome,
): number | null {
  if (
    outcome.open ||
    outcome.fill_bar === null ||
    outcome.outcome_bar === null ||
    outcome.fill_price === null
  )
    return null;
  const f = outcome.fill_bar;
  const e = outcome.outcome_bar;
  if (outcome.exit === 'stop' && e === f && outcome.r_multiple === 0) return 0;
  const atOpen = outcome.fill_price === (bars.open[from + f] as number);
  const start = f + (atOpen ? 0 : 0.5);
  const end = e + (outcome.exit === 'time' ? 1 : 0.5);
  if (outcome.t1_before_stop !== true) return Math.max(0, end - start);
  const long = levels.direction === 'long';
  let k = f;
  while (
    k < e &&
    !(long ? (bars.high[from + k] as number) >= levels.t1 : (bars.low[from + k] as number) <= levels.t1)
  )
    k++;
  const half = Math.min(end, Math.max(start, k + 0.5));
  return half - start + 0.5 * (end - half);
}

/**
 * The part of a card's R its ticker's own drift accounts for: `drift` (a daily simple return, from
 * `priorDrift`) over the card's exposure (`exposureBars`), in the price move of the fill, in units of the
 * card's planned risk (the entry zone's far edge to the stop, as `evaluateOutcome` measures R), signed by
 * direction (a short loses the drift a long earns). Linear in the drift: over a few weeks compounding is
 * below a thousandth of the move. Null when the card did not fill or the drift is unknown.
 */
export function driftR(
  levels: CardLevels,
  bars: OutcomeBars,
  from: number,
  outcome: CardOutcome,
  drift: number,
): number | null {
  const exposure = exposureBars(levels, bars, from, outcome);
  if (exposure === null || !Number.isFinite(drift)) return null;
  const long = levels.direction === 'long';
  const risk = long ? levels.entry_zone.high - levels.stop : levels.stop - levels.entry_zone.low;
  if (!(risk > 0)) return null;
  return ((long ? 1 : -1) * (outcome.fill_price as number) * drift * exposure) / risk;
}

/**
 * A card's net R less its ticker's drift over its holding period, the drift estimated only from the bars
 * before `from` (its session): the timing a card claims beyond holding the stock. Null when unfilled,
 * unresolved or without enough history for the drift.
 */
export function driftAdjustedRNet(
  levels: CardLevels,
  bars: OutcomeBars,
  from: number,
  outcome: CardOutcome,
  bpsPerSide: number,
  lookback = DRIFT_LOOKBACK,
): number | null {
  if (outcome.r_multiple === null || outcome.t1_before_stop === null) return null;
  const d = driftR(levels, bars, from, outcome, priorDrift(bars.close, from - 1, lookback));
  return d === null ? null : outcome.r_multiple - cardCostR(levels, bpsPerSide) - d;
}

/**
 * Mean drift-adjusted net R of null draws (each on its own ticker's bars and drift, `barsOf` giving a
 * ticker's bars); null when no filled draw has a drift.
 */
export function driftAdjustedNullRNet(
  draws: readonly NullDraw[],
  barsOf: (ticker: string) => OutcomeBars | undefined,
  bpsPerSide: number,
  lookback = DRIFT_LOOKBACK,
): number | null {
  let sum = 0;
  let n = 0;
  for (const d of draws) {
    const bars = barsOf(d.ticker);
    if (bars === undefined) continue;
    const x = driftAdjustedRNet(d.levels, bars, d.from, d, bpsPerSide, lookback);
    if (x === null) continue;
    sum += x;
    n++;
  }
  return n === 0 ? null : sum / n;
}
