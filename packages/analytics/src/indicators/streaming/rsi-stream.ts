import { PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

/** Streaming Wilder RSI of the close, same arithmetic order as the batch `rsi` (TA-Lib). */
export class RsiStream extends PendingBarIndicator<{ rsi: number }> {
  private n = 0;
  private prevClose = Number.NaN;
  private gain = 0;
  private loss = 0;
  constructor(readonly period = 14) {
    super();
  }
  protected step(bar: StreamBar, commit: boolean): { rsi: number } {
    const i = this.n;
    const x = bar.close;
    const p = this.period;
    let g = this.gain;
    let l = this.loss;
    let out = Number.NaN;
    if (i > 0) {
      const d = x - this.prevClose;
      if (i > p) {
        g *= p - 1;
        l *= p - 1;
      }
      if (d < 0) l -= d;
      else g += d;
      if (i >= p) {
        g /= p;
        l /= p;
        const sum = g + l;
        out = Math.abs(sum) < 1e-14 ? 0 : 100 * (g / sum);
      }
    }
    if (commit) {
      this.n++;
      this.prevClose = x;
      this.gain = g;
      this.loss = l;
    }
    return { rsi: out };
  }
}
