import { CENTS } from './price-grid.js';
import type { Prng } from './prng.js';
import type { InstrumentModel } from './types.js';

/** Forward split ratios offered; the one bringing the price closest (in log terms) to the target wins. */
const FORWARD_RATIOS = [1.5, 2, 3, 4, 5, 10];
const POST_SPLIT_TARGET = 90;
/** Below this raw price a company may do a 1-for-10 reverse split. */
const REVERSE_SPLIT_BELOW = 2;
const REVERSE_SPLIT_RATIO = 0.1;
/** Daily probability of splitting once the price qualifies (a board takes a while to act). */
const SPLIT_HAZARD = 0.02;

/** The split ratio (new shares per old) to apply today given yesterday's raw mid close, or 1. */
export function splitRatio(model: InstrumentModel, previousMid: number, rng: Prng): number {
  const u = rng.uniform();
  if (model.split_above !== null && previousMid > model.split_above && u < SPLIT_HAZARD) {
    let best = FORWARD_RATIOS[0]!;
    for (const r of FORWARD_RATIOS) {
      if (
        Math.abs(Math.log(previousMid / r / POST_SPLIT_TARGET)) <
        Math.abs(Math.log(previousMid / best / POST_SPLIT_TARGET))
      ) {
        best = r;
      }
    }
    return best;
  }
  if (previousMid < REVERSE_SPLIT_BELOW && u < SPLIT_HAZARD) return REVERSE_SPLIT_RATIO;
  return 1;
}

/**
 * Quarterly dividends: ex-dates fall on the first session on or after day `exDay` of each dividend
 * month; the amount is reset once a year (at the year's first ex-date) to price·yield/4 and held for
 * the following quarters, as boards do.
 */
export class DividendSchedule {
  private lastPaidMonth = '';
  private amount = 0;
  private readonly exDay: number;

  constructor(
    private readonly model: InstrumentModel,
    rng: Prng,
  ) {
    this.exDay = 3 + rng.int(16);
  }

  /** Cash per share going ex on `date` (0 when none), given yesterday's raw mid close. */
  amountOn(date: string, previousMid: number): number {
    const months = this.model.dividend_months;
    if (months.length === 0) return 0;
    const month = Number(date.slice(5, 7));
    const key = date.slice(0, 7);
    if (!months.includes(month) || Number(date.slice(8, 10)) < this.exDay || key === this.lastPaidMonth) {
      return 0;
    }
    this.lastPaidMonth = key;
    if (month === months[0] || this.amount === 0) {
      this.amount = CENTS.round((previousMid * this.model.dividend_yield) / 4);
    }
    // A dividend worth more than 5% of the price is cut to what the yield supports.
    if (this.amount > 0.05 * previousMid)
      this.amount = CENTS.round((previousMid * this.model.dividend_yield) / 4);
    return this.amount;
  }
}
