import { field, PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

/** Streaming on-balance volume (batch: `obv`, TA-Lib): starts at the first bar's volume. */
export class ObvStream extends PendingBarIndicator<{ obv: number }> {
  private n = 0;
  private obv = 0;
  private prevClose = Number.NaN;
  protected step(bar: StreamBar, commit: boolean): { obv: number } {
    const v = field(bar, 'volume');
    const c = bar.close;
    let obv: number;
    if (this.n === 0) obv = v;
    else if (c > this.prevClose) obv = this.obv + v;
    else if (c < this.prevClose) obv = this.obv - v;
    else obv = Number.isNaN(c - this.prevClose) ? Number.NaN : this.obv;
    if (commit) {
      this.n++;
      this.obv = obv;
      this.prevClose = c;
    }
    return { obv };
  }
}
