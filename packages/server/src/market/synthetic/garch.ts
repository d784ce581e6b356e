import type { Prng } from './prng.js';

export const TRADING_DAYS_PER_YEAR = 252;

/** Parameters of a GARCH(1,1) return process with Student-t shocks and Poisson jumps. */
export interface GarchParams {
  /** Unconditional annualised volatility of the diffusive part. */
  readonly annual_vol: number;
  /** Reaction to the last squared shock. */
  readonly alpha: number;
  /** Persistence of the last variance (alpha + beta < 1). */
  readonly beta: number;
  /** Degrees of freedom of the unit-variance Student-t shocks (integer > 2). */
  readonly nu: number;
  /** Periods per year (252 for exchange sessions, 365 for the 24/7 calendar). */
  readonly periods_per_year: number;
}

/** Variance is capped at this multiple of its unconditional level (keeps rare bursts finite). */
const MAX_VARIANCE_MULTIPLE = 16;

/**
 * GARCH(1,1): σ²ₜ = ω + α·ε²ₜ₋₁ + β·σ²ₜ₋₁ with ω = (1 − α − β)·σ̄², started at σ̄². Each `step`
 * draws one shock εₜ = σₜ·zₜ and returns it; `sigma` is σₜ of the shock about to be drawn.
 */
export class Garch {
  private variance: number;
  private readonly longRun: number;
  private readonly omega: number;

  constructor(
    private readonly params: GarchParams,
    private readonly rng: Prng,
  ) {
    this.longRun = params.annual_vol ** 2 / params.periods_per_year;
    this.omega = (1 - params.alpha - params.beta) * this.longRun;
    this.variance = this.longRun;
  }

  /** Conditional standard deviation of the next shock. */
  sigma(): number {
    return Math.sqrt(this.variance);
  }

  /** Unconditional per-period standard deviation σ̄. */
  longRunSigma(): number {
    return Math.sqrt(this.longRun);
  }

  step(): number {
    const shock = this.sigma() * this.rng.unitT(this.params.nu);
    const next = this.omega + this.params.alpha * shock * shock + this.params.beta * this.variance;
    this.variance = Math.min(next, MAX_VARIANCE_MULTIPLE * this.longRun);
    return shock;
  }
}

/** A factor's path over n periods: its returns and the conditional σ each was drawn with. */
export interface FactorPath {
  readonly returns: Float64Array;
  readonly sigma: Float64Array;
}

export interface JumpParams {
  readonly per_year: number;
  readonly mean: number;
  readonly sd: number;
}

/** Simulates a zero-mean factor: GARCH shocks plus compound-Poisson jumps. */
export function simulateFactor(n: number, garch: GarchParams, jumps: JumpParams, rng: Prng): FactorPath {
  const g = new Garch(garch, rng);
  const returns = new Float64Array(n);
  const sigma = new Float64Array(n);
  const rate = jumps.per_year / garch.periods_per_year;
  for (let t = 0; t < n; t++) {
    sigma[t] = g.sigma();
    let r = g.step();
    if (rate > 0 && rng.chance(rate)) r += jumps.mean + jumps.sd * rng.normal();
    returns[t] = r;
  }
  return { returns, sigma };
}
