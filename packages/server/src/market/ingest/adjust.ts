import type { Bar, CorporateAction } from './types.js';

/** The price series an analysis runs on (DESIGN §5): raw, split-adjusted, or split+dividend adjusted. */
export type Adjustment = 'raw' | 'split' | 'split_div';

export interface AdjustmentFactors {
  /** Multiply bar i's raw open/high/low/close by `price[i]`. */
  readonly price: Float64Array;
  /** Multiply bar i's raw volume by `volume[i]` (splits only; dividends do not change share counts). */
  readonly volume: Float64Array;
}

/**
 * Backward (CRSP-style) adjustment factors: the latest bar keeps its raw prices and every earlier bar is
 * scaled so that returns across an action's ex-date are the total return.
 *
 * - A split of ratio r (new shares per old) on ex-date t multiplies prices before t by 1/r and volumes by r.
 * - A cash dividend D on ex-date t multiplies prices before t by 1 − D / C, where C is the raw close of the
 *   last bar before t (if a split has the same ex-date, C is first divided by that day's split ratio,
 *   because D is quoted per post-split share). Only for `split_div`.
 *
 * Actions dated after the last bar still apply to every bar (the series is "as of" the latest action);
 * actions on or before the first bar have no effect. Neither input is modified. Throws a RangeError for a
 * dividend that is not smaller than the close it is measured against (factor ≤ 0), which means the
 * actions and prices do not belong together.
 */
export function adjustmentFactors(
  bars: readonly Pick<Bar, 'date' | 'close'>[],
  actions: readonly CorporateAction[],
  adjustment: Adjustment,
): AdjustmentFactors {
  const n = bars.length;
  const price = new Float64Array(n).fill(1);
  const volume = new Float64Array(n).fill(1);
  if (adjustment === 'raw' || n === 0) return { price, volume };
  const sorted = [...actions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let p = 1;
  let v = 1;
  let k = sorted.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    const bar = bars[i] as Pick<Bar, 'date' | 'close'>;
    while (k >= 0 && (sorted[k] as CorporateAction).date > bar.date) {
      const date = (sorted[k] as CorporateAction).date;
      let first = k;
      while (first > 0 && (sorted[first - 1] as CorporateAction).date === date) first--;
      let ratio = 1;
      for (let j = first; j <= k; j++) {
        const a = sorted[j] as CorporateAction;
        if (a.kind === 'split') ratio *= a.value;
      }
      p /= ratio;
      v *= ratio;
      if (adjustment === 'split_div') {
        for (let j = first; j <= k; j++) {
          const a = sorted[j] as CorporateAction;
          if (a.kind !== 'dividend') continue;
          const f = 1 - (a.value * ratio) / bar.close;
          if (!(f > 0)) {
            throw new RangeError(
              `dividend ${a.value} on ${a.date} is not below the previous close ${bar.close} (${bar.date})`,
            );
          }
          p *= f;
        }
      }
      k = first - 1;
    }
    price[i] = p;
    volume[i] = v;
  }
  return { price, volume };
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
