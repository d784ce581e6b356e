import type { CandleSetting } from './candle-settings.js';
import type { Candles } from './candles.js';

/**
 * Rolling threshold of one candle setting for the candle `offset` bars before the current bar,
 * reproducing TA-Lib's running-total trick exactly (same summation order, same update
 * `total += range(new) − range(old)`), so thresholds are bit-identical to TA_CANDLEAVERAGE.
 *
 * Create it at the first evaluated bar `start`; read `threshold(i - offset)` at bar `i`, then call
 * `advance(i)` once the bar is done.
 */
export class CandleAverage {
  private total = 0;
  private trailing: number;
  private readonly divisor: number;

  constructor(
    private readonly candles: Candles,
    private readonly setting: CandleSetting,
    private readonly offset: number,
    start: number,
  ) {
    this.trailing = start - setting.avgPeriod;
    for (let j = this.trailing; j < start; j++) this.total += candles.range(setting, j - offset);
    this.divisor = setting.rangeType === 'shadows' ? 2.0 : 1.0;
  }

  /** TA_CANDLEAVERAGE(setting, total, idx): the threshold that applies to candle `idx`. */
  threshold(idx: number): number {
    const s = this.setting;
    return (
      (s.factor * (s.avgPeriod !== 0 ? this.total / s.avgPeriod : this.candles.range(s, idx))) / this.divisor
    );
  }

  /** Slides the window after bar `i` has been evaluated. */
  advance(i: number): void {
    const o = this.offset;
    this.total +=
      this.candles.range(this.setting, i - o) - this.candles.range(this.setting, this.trailing - o);
    this.trailing++;
  }
}
