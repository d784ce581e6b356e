import { SmaStep } from './steps.js';
import { PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

/** Streaming SMA of the close (batch: `sma`). */
export class SmaStream extends PendingBarIndicator<{ sma: number }> {
  private readonly s: SmaStep;
  constructor(readonly period = 30) {
    super();
    this.s = new SmaStep(period);
  }
  protected step(bar: StreamBar, commit: boolean): { sma: number } {
    return { sma: this.s.value(bar.close, commit) };
  }
}
