import { EmaStep } from './steps.js';
import { PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

/** Streaming SMA-seeded EMA of the close (batch: `ema`). */
export class EmaStream extends PendingBarIndicator<{ ema: number }> {
  private readonly e: EmaStep;
  constructor(readonly period = 30) {
    super();
    this.e = new EmaStep(period);
  }
  protected step(bar: StreamBar, commit: boolean): { ema: number } {
    return { ema: this.e.value(bar.close, commit) };
  }
}
