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
  private readonly ranges: Float64Array;
  private readonly period: number;
  private readonly factor: number;
  private readonly divisor: number;
  private total = 0;
  private trailing: number;

  constructor(
    candles: Candles,
    setting: CandleSetting,
    private readonly offset: number,
    start: number,
  ) {
    this.ranges = candles.rangeSeries(setting.rangeType);
    this.period = setting.avgPeriod;
    this.factor = setting.factor;
    this.divisor = setting.rangeType === 'shadows' ? 2.0 : 1.0;
    this.trailing = start - setting.avgPeriod;
    for (let j = this.trailing; j < start; j++) this.total += this.ranges[j - offset]!;
  }

  /** TA_CANDLEAVERAGE(setting, total, idx): the threshold that applies to candle `idx`. */
  threshold(idx: number): number {
    return (this.factor * (this.period !== 0 ? this.total / this.period : this.ranges[idx]!)) / this.divisor;
  }

  /** Slides the window after bar `i` has been evaluated. */
  advance(i: number): void {
    const o = this.offset;
    this.total += this.ranges[i - o]! - this.ranges[this.trailing - o]!;
    this.trailing++;
  }
}
