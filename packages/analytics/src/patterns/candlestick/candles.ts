import type { CandleRangeType, CandleSetting } from './candle-settings.js';

/**
 * Read-only view over OHLC columns with TA-Lib's candle measurements (ta_utility.h macros:
 * TA_REALBODY, TA_UPPERSHADOW, TA_LOWERSHADOW, TA_HIGHLOWRANGE, TA_CANDLECOLOR, TA_CANDLERANGE,
 * TA_REALBODYGAPUP/DOWN, TA_CANDLEGAPUP/DOWN). Expressions mirror the C macros operation for operation
 * so results are bit-identical.
 *
 * The per-bar range series of each range type is computed once, on first use, and shared by every
 * setting and pattern evaluated on this instance; the columns must not change while it is in use.
 */
export class Candles {
  readonly length: number;
  private readonly rangeCache: Partial<Record<CandleRangeType, Float64Array>> = {};

  constructor(
    readonly open: Float64Array,
    readonly high: Float64Array,
    readonly low: Float64Array,
    readonly close: Float64Array,
  ) {
    const n = open.length;
    if (high.length !== n || low.length !== n || close.length !== n) {
      throw new RangeError('open, high, low and close must have the same length');
    }
    this.length = n;
  }

  /** |close − open| (TA_REALBODY). */
  body(i: number): number {
    return Math.abs(this.close[i]! - this.open[i]!);
  }

  /** max(open, close). */
  bodyTop(i: number): number {
    const o = this.open[i]!;
    const c = this.close[i]!;
    return Math.max(o, c);
  }

  /** min(open, close). */
  bodyBottom(i: number): number {
    const o = this.open[i]!;
    const c = this.close[i]!;
    return Math.min(o, c);
  }

  /** high − max(open, close) (TA_UPPERSHADOW). */
  upperShadow(i: number): number {
    const o = this.open[i]!;
    const c = this.close[i]!;
    return this.high[i]! - Math.max(c, o);
  }

  /** min(open, close) − low (TA_LOWERSHADOW). */
  lowerShadow(i: number): number {
    const o = this.open[i]!;
    const c = this.close[i]!;
    return Math.min(c, o) - this.low[i]!;
  }

  /** high − low (TA_HIGHLOWRANGE). */
  highLow(i: number): number {
    return this.high[i]! - this.low[i]!;
  }

  /** 1 for white (close ≥ open), −1 for black (TA_CANDLECOLOR). */
  color(i: number): 1 | -1 {
    return this.close[i]! >= this.open[i]! ? 1 : -1;
  }

  /** Real body of `i2` entirely above the real body of `i1` (TA_REALBODYGAPUP). */
  bodyGapUp(i2: number, i1: number): boolean {
    return this.bodyBottom(i2) > this.bodyTop(i1);
  }

  /** Real body of `i2` entirely below the real body of `i1` (TA_REALBODYGAPDOWN). */
  bodyGapDown(i2: number, i1: number): boolean {
    return this.bodyTop(i2) < this.bodyBottom(i1);
  }

  /** Low of `i2` above the high of `i1` (TA_CANDLEGAPUP). */
  gapUp(i2: number, i1: number): boolean {
    return this.low[i2]! > this.high[i1]!;
  }

  /** High of `i2` below the low of `i1` (TA_CANDLEGAPDOWN). */
  gapDown(i2: number, i1: number): boolean {
    return this.high[i2]! < this.low[i1]!;
  }

  /** TA_CANDLERANGE of every bar for one range type (computed once per instance). */
  rangeSeries(type: CandleRangeType): Float64Array {
    const cached = this.rangeCache[type];
    if (cached !== undefined) return cached;
    const { open: o, high: h, low: l, close: c, length: n } = this;
    const out = new Float64Array(n);
    if (type === 'realBody') {
      for (let i = 0; i < n; i++) out[i] = Math.abs(c[i]! - o[i]!);
    } else if (type === 'highLow') {
      for (let i = 0; i < n; i++) out[i] = h[i]! - l[i]!;
    } else {
      // Same operations as upperShadow(i) + lowerShadow(i), in the same order.
      for (let i = 0; i < n; i++) {
        out[i] = h[i]! - Math.max(c[i]!, o[i]!) + (Math.min(c[i]!, o[i]!) - l[i]!);
      }
    }
    this.rangeCache[type] = out;
    return out;
  }

  /** The quantity a setting averages, measured on candle `i` (TA_CANDLERANGE). */
  range(setting: CandleSetting, i: number): number {
    switch (setting.rangeType) {
      case 'realBody':
        return this.body(i);
      case 'highLow':
        return this.highLow(i);
      default:
        return this.upperShadow(i) + this.lowerShadow(i);
    }
  }
}
