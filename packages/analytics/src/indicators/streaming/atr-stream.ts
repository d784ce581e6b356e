import { field, PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

/**
 * Streaming ATR (batch: `atr`, TA-Lib): true range from bar 1, first ATR = mean of the first `period`
 * true ranges, then (prev·(period − 1) + tr)/period.
 */
export class AtrStream extends PendingBarIndicator<{ atr: number }> {
  private n = 0;
  private prevClose = Number.NaN;
  private acc = 0;
  constructor(readonly period = 14) {
    super();
  }
  protected step(bar: StreamBar, commit: boolean): { atr: number } {
    const i = this.n;
    const p = this.period;
    const h = field(bar, 'high');
    const l = field(bar, 'low');
    let acc = this.acc;
    let out = Number.NaN;
    if (i > 0) {
      const tr = Math.max(h, this.prevClose) - Math.min(l, this.prevClose);
      if (i < p) acc += tr;
      else {
        acc = i === p ? (acc + tr) / p : (acc * (p - 1) + tr) / p;
        out = acc;
      }
    }
    if (commit) {
      this.n++;
      this.prevClose = bar.close;
      this.acc = acc;
    }
    return { atr: out };
  }
}
