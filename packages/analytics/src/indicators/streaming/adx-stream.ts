import { field, PendingBarIndicator, type StreamBar } from './streaming-indicator.js';

type AdxOut = { adx: number; plus_di: number; minus_di: number };

const isZero = (x: number): boolean => x > -1e-14 && x < 1e-14;

/**
 * Streaming ADX with +DI/−DI (batches: `adx`, `plus_di`, `minus_di`; TA-Lib conventions): Wilder sums
 * seeded with the first period − 1 bars, ADX = mean of the first `period` DX then Wilder-smoothed,
 * undefined DX bars skipped.
 */
export class AdxStream extends PendingBarIndicator<AdxOut> {
  private n = 0;
  private ph = Number.NaN;
  private pl = Number.NaN;
  private pc = Number.NaN;
  private sp = 0;
  private sm = 0;
  private st = 0;
  private adx = 0;
  constructor(readonly period = 14) {
    super();
  }
  protected step(bar: StreamBar, commit: boolean): AdxOut {
    const i = this.n;
    const p = this.period;
    const h = field(bar, 'high');
    const l = field(bar, 'low');
    let { sp, sm, st, adx } = this;
    let out: AdxOut = { adx: Number.NaN, plus_di: Number.NaN, minus_di: Number.NaN };
    if (i > 0) {
      const up = h - this.ph;
      const down = this.pl - l;
      let rp = 0;
      let rm = 0;
      if (Number.isNaN(up) || Number.isNaN(down)) {
        rp = Number.NaN;
        rm = Number.NaN;
      } else if (down > 0 && up < down) rm = down;
      else if (up > 0 && up > down) rp = up;
      const tr = Math.max(h, this.pc) - Math.min(l, this.pc);
      if (i <= p - 1) {
        sp += rp;
        sm += rm;
        st += tr;
      } else {
        sp = sp - sp / p + rp;
        sm = sm - sm / p + rm;
        st = st - st / p + tr;
      }
      if (i >= p) {
        const pdi = isZero(st) ? 0 * sp : 100 * (sp / st);
        const mdi = isZero(st) ? 0 * sm : 100 * (sm / st);
        let dx = -1;
        if (!isZero(st) && !isZero(pdi + mdi)) dx = 100 * (Math.abs(mdi - pdi) / (mdi + pdi));
        let a = Number.NaN;
        if (i <= 2 * p - 1) {
          if (dx !== -1) adx += dx; // running DX sum until the first ADX
          if (i === 2 * p - 1) {
            adx /= p;
            a = adx;
          }
        } else {
          if (dx !== -1) adx = (adx * (p - 1) + dx) / p;
          a = adx;
        }
        out = { adx: a, plus_di: pdi, minus_di: mdi };
      }
    }
    if (commit) {
      this.sp = sp;
      this.sm = sm;
      this.st = st;
      this.adx = adx;
      this.n++;
      this.ph = h;
      this.pl = l;
      this.pc = bar.close;
    }
    return out;
  }
}
