import type { DataIssue } from './data-issue.js';
import { splitRatio } from './split-ratio.js';
import type { Bar, CorporateAction } from './types.js';

/** The price series an analysis runs on (DESIGN §5): raw, split-adjusted, or split+dividend adjusted. */
export type Adjustment = 'raw' | 'split' | 'split_div';

export interface AdjustmentFactors {
  /** Multiply bar i's raw open/high/low/close by `price[i]`. */
  readonly price: Float64Array;
  /** Multiply bar i's raw volume by `volume[i]` (splits only; dividends do not change share counts). */
  readonly volume: Float64Array;
  /** Actions left unapplied (`error`) or applied but at odds with the prices around them (`warning`). */
  readonly issues: readonly DataIssue[];
}

/**
 * An action day whose prices imply a total return beyond this factor either way (+50 % or −33 %) is
 * flagged as a warning: on the 487 S&P 500 files it finds the reverse splits the provider's columns leave
 * out (KSU 2000, TMUS 2013), a split coefficient that stands for a spin-off (SO 2001) and little else.
 */
const IMPLAUSIBLE_ACTION_MOVE = 1.5;

const usable = (x: number | undefined): x is number => x !== undefined && x > 0 && Number.isFinite(x);

function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;
}

/**
 * Backward adjustment factors (ADR 0080): the latest bar keeps its raw prices and every earlier bar is
 * scaled so that the adjusted return across an action's ex-date is the holder's total return.
 *
 * - A split of ratio r (new shares per old, read by `splitRatio`) on ex-date t multiplies prices before t
 *   by 1/r and volumes by r.
 * - A cash distribution D on ex-date t (per share as traded on t, i.e. after a same-day split) multiplies
 *   prices before t by C / (C + D), where C is the raw close of the first bar on or after t: the return
 *   across t is then (C + D)·r / P, P the last close before t — what a holder had on t against what he had
 *   the day before, whatever the size of D (a spin-off written as a cash "dividend" larger than P
 *   included) and with no conversion of D by the split, so a same-day split and dividend cannot be scaled
 *   twice. This is Alpha Vantage's own reading (its adjusted_close agrees to 1e-12 on every action of the
 *   S&P 500 files). Before any bar on or after t exists, D is read against P instead: 1 − D·r / P.
 *   Only for `split_div`.
 *
 * Actions dated after the last bar still apply to every bar (the series is "as of" the latest action);
 * actions on or before the first bar have no effect. Nothing here throws and neither input is modified: an
 * action whose value cannot be read, or a distribution at or above P with no later price to read it from,
 * is left unapplied and reported as an `error` issue; an action day whose prices imply a total return
 * beyond IMPLAUSIBLE_ACTION_MOVE is applied and reported as a `warning`.
 */
export function adjustmentFactors(
  bars: readonly Pick<Bar, 'date' | 'close'>[],
  actions: readonly CorporateAction[],
  adjustment: Adjustment,
): AdjustmentFactors {
  type DateAndClose = Pick<Bar, 'date' | 'close'>;
  return adjustmentFactorsOf(
    {
      length: bars.length,
      date: (i) => (bars[i] as DateAndClose).date,
      close: (i) => (bars[i] as DateAndClose).close,
    },
    actions,
    adjustment,
  );
}

/** Bars as their dates and closes by index: a history's columns read in place, with no object per bar. */
interface DatesAndCloses {
  readonly length: number;
  date(i: number): string;
  close(i: number): number;
}

/** {@link adjustmentFactors} over bars given by index (a cold screen adjusts ~280,000 bars). */
export function adjustmentFactorsOf(
  bars: DatesAndCloses,
  actions: readonly CorporateAction[],
  adjustment: Adjustment,
): AdjustmentFactors {
  const n = bars.length;
  const price = new Float64Array(n).fill(1);
  const volume = new Float64Array(n).fill(1);
  const issues: DataIssue[] = [];
  if (adjustment === 'raw' || n === 0) return { price, volume, issues };
  const sorted = [...actions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let p = 1;
  let v = 1;
  let k = sorted.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    const date = bars.date(i);
    while (k >= 0 && (sorted[k] as CorporateAction).date > date) {
      const exDate = (sorted[k] as CorporateAction).date;
      let first = k;
      while (first > 0 && (sorted[first - 1] as CorporateAction).date === exDate) first--;
      const next = i + 1 < n ? bars.close(i + 1) : undefined;
      const f = dayFactor(sorted.slice(first, k + 1), bars.close(i), next, adjustment, issues);
      p *= f.price;
      v *= f.volume;
      k = first - 1;
    }
    price[i] = p;
    volume[i] = v;
  }
  issues.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { price, volume, issues };
}

/** The factors of one ex-date's actions for the bars before it; issues are pushed to `issues`. */
function dayFactor(
  day: readonly CorporateAction[],
  previous: number,
  exClose: number | undefined,
  adjustment: Adjustment,
  issues: DataIssue[],
): { price: number; volume: number } {
  const date = (day[0] as CorporateAction).date;
  let ratio = 1;
  let cash = 0;
  for (const a of day) {
    if (a.kind === 'split') {
      const r = splitRatio(a.value);
      if (Number.isNaN(r)) {
        issues.push({
          date,
          subject: 'split',
          value: a.value,
          severity: 'error',
          message: `split ratio ${a.value} on ${date} is not a positive number; not applied`,
        });
      } else ratio *= r;
    } else if (adjustment === 'split_div') {
      if (usable(a.value)) cash += a.value;
      else {
        issues.push({
          date,
          subject: 'dividend',
          value: a.value,
          severity: 'error',
          message: `dividend ${a.value} on ${date} is not a positive amount; not applied`,
        });
      }
    }
  }
  let div = 1;
  if (cash > 0) {
    if (usable(exClose)) div = exClose / (exClose + cash);
    else if (usable(previous) && cash * ratio < previous) div = 1 - (cash * ratio) / previous;
    else {
      const dividend = day.find((a) => a.kind === 'dividend') as CorporateAction;
      issues.push({
        date,
        subject: 'dividend',
        value: dividend.value,
        severity: 'error',
        message: `dividend ${cash} on ${date} is not below the previous close ${previous} and no price on or after ${date} is known to read it from; not applied`,
      });
    }
  }
  if (adjustment === 'split_div' && usable(exClose) && usable(previous)) {
    const move = ((exClose + cash) * ratio) / previous;
    if (move > IMPLAUSIBLE_ACTION_MOVE || move < 1 / IMPLAUSIBLE_ACTION_MOVE) {
      const a = day.find((x) => x.kind === 'dividend') ?? (day[0] as CorporateAction);
      const what = day.map((x) => `${x.kind} ${x.value}`).join(' and ');
      issues.push({
        date,
        subject: a.kind,
        value: a.value,
        severity: 'warning',
        message: `${what} on ${date}: the close goes from ${previous} to ${exClose}, a total return of ${signed(move - 1)} across the ex-date as recorded; an action missing from the data (such as a reverse split) or a value that stands for something else (a spin-off) is likely. Applied as recorded`,
      });
    }
  }
  return { price: div / ratio, volume: ratio };
}

/** New bars with adjusted OHLC (and split-adjusted volume); the input bars are not modified. */
export function adjustBars(
  bars: readonly Bar[],
  actions: readonly CorporateAction[],
  adjustment: Adjustment,
): Bar[] {
  const { price, volume } = adjustmentFactors(bars, actions, adjustment);
  return bars.map((b, i) => {
    const f = price[i] as number;
    return {
      date: b.date,
      open: b.open * f,
      high: b.high * f,
      low: b.low * f,
      close: b.close * f,
      volume: b.volume * (volume[i] as number),
    };
  });
}
