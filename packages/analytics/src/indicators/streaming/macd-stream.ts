import { EmaStep } from './steps.js';
import { PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

type MacdOut = { macd: number; signal: number; hist: number };

/**
 * Streaming MACD with TA-Lib's conventions (batch: `macd`): the fast EMA starts at bar slow − fast so
 * its seed ends with the slow seed; all outputs NaN until the signal EMA is defined.
 */
export class MacdStream extends PendingBarIndicator<MacdOut> {
  private n = 0;
  private readonly fastE: EmaStep;
  private readonly slowE: EmaStep;
  private readonly signalE: EmaStep;
  private readonly fast: number;
  private readonly slow: number;
  constructor(fastPeriod = 12, slowPeriod = 26, signalPeriod = 9) {
    super();
    this.fast = Math.min(fastPeriod, slowPeriod);
    this.slow = Math.max(fastPeriod, slowPeriod);
    this.fastE = new EmaStep(this.fast);
    this.slowE = new EmaStep(this.slow);
    this.signalE = new EmaStep(signalPeriod);
  }
  protected step(bar: StreamBar, commit: boolean): MacdOut {
    const i = this.n;
    const slow = this.slowE.value(bar.close, commit);
    const fast = i >= this.slow - this.fast ? this.fastE.value(bar.close, commit) : Number.NaN;
    let out: MacdOut = { macd: Number.NaN, signal: Number.NaN, hist: Number.NaN };
    if (i >= this.slow - 1) {
      const m = fast - slow;
      const s = this.signalE.value(m, commit);
      if (!Number.isNaN(s)) out = { macd: m, signal: s, hist: m - s };
    }
    if (commit) this.n++;
    return out;
  }
}
