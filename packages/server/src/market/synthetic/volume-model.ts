import type { Prng } from './prng.js';

/** Persistence and innovation of the slow log-volume component (stationary sd 0.3). */
const PERSISTENCE = 0.8;
const INNOVATION_SD = 0.18;
/** Day-to-day log-normal noise. */
const NOISE_SD = 0.25;
/** Elasticities of log volume to the day's standardised |return| and to the volatility regime. */
const ABS_RETURN_LOADING = 0.3;
const VOL_REGIME_LOADING = 0.8;
/** Volume multiple on a jump (news) day. */
const JUMP_DAY_MULTIPLE = 2;
const MIN_VOLUME = 100;

/**
 * Daily volume: the normal level (shares outstanding × turnover) scaled by exp of a persistent AR(1)
 * state, log-normal noise, the day's |return| in units of its conditional σ, and log(σ/σ̄) — so
 * volume rises with |return| and with volatility, as in real markets.
 */
export class VolumeModel {
  private state = 0;
  constructor(private readonly rng: Prng) {}

  next(normal: number, absReturn: number, sigma: number, longRunSigma: number, jump: boolean): number {
    this.state = PERSISTENCE * this.state + INNOVATION_SD * this.rng.normal();
    const z = absReturn / sigma - 0.8;
    const log =
      this.state +
      NOISE_SD * this.rng.normal() +
      ABS_RETURN_LOADING * z +
      VOL_REGIME_LOADING * Math.log(sigma / longRunSigma) -
      0.08;
    return Math.max(MIN_VOLUME, Math.round(normal * Math.exp(log) * (jump ? JUMP_DAY_MULTIPLE : 1)));
  }
}
