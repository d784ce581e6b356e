import { Ring } from './steps.js';
import { PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

type BandsOut = { upper: number; middle: number; lower: number };

/**
 * Streaming Bollinger bands over an SMA middle (batch: `bbands` with ma_type sma): population σ of
 * the last `period` closes, upper/lower = middle ± k·σ.
 */
export class BbandsStream extends PendingBarIndicator<BandsOut> {
  private readonly ring: Ring;
  constructor(
    readonly period = 20,
    readonly nbdevup = 2,
    readonly nbdevdn = 2,
  ) {
    super();
    this.ring = new Ring(period - 1);
  }
  protected step(bar: StreamBar, commit: boolean): BandsOut {
    const p = this.period;
    const x = bar.close;
    let out: BandsOut = { upper: Number.NaN, middle: Number.NaN, lower: Number.NaN };
    if (this.ring.size === p - 1) {
      let sum = x;
      for (let k = 0; k < this.ring.size; k++) sum += this.ring.at(k);
      const mean = sum / p;
      let ss = (x - mean) * (x - mean);
      for (let k = 0; k < this.ring.size; k++) {
        const d = this.ring.at(k) - mean;
        ss += d * d;
      }
      const sd = Math.sqrt(ss / p);
      out = { upper: mean + this.nbdevup * sd, middle: mean, lower: mean - this.nbdevdn * sd };
    }
    if (commit) this.ring.push(x);
    return out;
  }
}
