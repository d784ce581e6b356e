import { Ring, SmaStep } from './steps.js';
import { field, PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

type StochOut = { slowk: number; slowd: number };

/**
 * Streaming slow stochastic with SMA smoothing (batch: `stoch` with ma types sma): fast %K over the
 * last `fastK` bars, slow %K = SMA(fast %K), slow %D = SMA(slow %K); NaN until %D is defined.
 */
export class StochStream extends PendingBarIndicator<StochOut> {
  private readonly highs: Ring;
  private readonly lows: Ring;
  private readonly slowK: SmaStep;
  private readonly slowD: SmaStep;
  constructor(
    readonly fastKPeriod = 5,
    slowKPeriod = 3,
    slowDPeriod = 3,
  ) {
    super();
    this.highs = new Ring(fastKPeriod - 1);
    this.lows = new Ring(fastKPeriod - 1);
    this.slowK = new SmaStep(slowKPeriod);
    this.slowD = new SmaStep(slowDPeriod);
  }
  protected step(bar: StreamBar, commit: boolean): StochOut {
    const h = field(bar, 'high');
    const l = field(bar, 'low');
    let out: StochOut = { slowk: Number.NaN, slowd: Number.NaN };
    if (this.highs.size === this.fastKPeriod - 1) {
      let hh = h;
      let ll = l;
      for (let k = 0; k < this.highs.size; k++) {
        hh = Math.max(hh, this.highs.at(k));
        ll = Math.min(ll, this.lows.at(k));
      }
      const diff = (hh - ll) / 100;
      const fastK = diff !== 0 ? (bar.close - ll) / diff : 0;
      const k = this.slowK.value(fastK, commit);
      if (!Number.isNaN(k)) {
        const d = this.slowD.value(k, commit);
        if (!Number.isNaN(d)) out = { slowk: k, slowd: d };
      }
    }
    if (commit) {
      this.highs.push(h);
      this.lows.push(l);
    }
    return out;
  }
}
