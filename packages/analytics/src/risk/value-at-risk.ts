import { excessKurtosis, mean, quantile, skewness, standardDeviation } from './moments.js';
import { normalPdf, normalQuantile } from './normal.js';

/**
 * `historical`: empirical type-7 quantile; `gaussian`: normal with sample mean and sd (ddof = 1);
 * `cornish_fisher`: normal quantile corrected by sample skewness G1 and excess kurtosis G2.
 */
export type VarMethod = 'historical' | 'gaussian' | 'cornish_fisher';

export interface VarOptions {
  /** Confidence level c in (0, 1), default 0.95; the tail probability is α = 1 − c. */
  readonly confidence?: number;
  /** Default `historical`. */
  readonly method?: VarMethod;
}

/** Cornish–Fisher adjusted quantile of z for skewness s and excess kurtosis k. */
export function cornishFisherZ(z: number, s: number, k: number): number {
  return z + ((z * z - 1) * s) / 6 + ((z * z * z - 3 * z) * k) / 24 - ((2 * z * z * z - 5 * z) * s * s) / 36;
}

/**
 * Value at risk over one period, reported as a POSITIVE loss: VaR_c = −q_α(r), α = 1 − c. A
 * negative value means even the α-quantile is a gain. Per-period, not annualised.
 */
export function valueAtRisk(returns: Float64Array, options?: VarOptions): number {
  const c = options?.confidence ?? 0.95;
  if (!(c > 0 && c < 1) || returns.length < 2) return Number.NaN;
  const alpha = 1 - c;
  switch (options?.method ?? 'historical') {
    case 'historical':
      return -quantile(returns, alpha);
    case 'gaussian':
      return -(mean(returns) + normalQuantile(alpha) * standardDeviation(returns, 1));
    case 'cornish_fisher': {
      const z = cornishFisherZ(normalQuantile(alpha), skewness(returns), excessKurtosis(returns));
      return -(mean(returns) + z * standardDeviation(returns, 1));
    }
  }
}

/**
 * Conditional VaR / expected shortfall as a POSITIVE loss: −E[r | r ≤ q_α].
 * `historical`: minus the mean of returns ≤ the type-7 α-quantile (empyrical
 * `conditional_value_at_risk`); `gaussian`: −(μ − σ φ(z_α)/α); `cornish_fisher`: −(1/α)∫₀^α
 * (μ + σ z_CF(p)) dp, the mean of the Cornish–Fisher quantile function over the tail, integrated
 * in closed form with truncated-normal moments (this is not Boudt et al.'s Edgeworth-density
 * "modified ES"). CVaR ≥ VaR whenever the tail quantile function is monotone (always for
 * historical and Gaussian; Cornish–Fisher only for moderate skewness/kurtosis).
 */
export function conditionalValueAtRisk(returns: Float64Array, options?: VarOptions): number {
  const c = options?.confidence ?? 0.95;
  if (!(c > 0 && c < 1) || returns.length < 2) return Number.NaN;
  const alpha = 1 - c;
  switch (options?.method ?? 'historical') {
    case 'historical': {
      const cutoff = quantile(returns, alpha);
      let s = 0;
      let k = 0;
      for (let t = 0; t < returns.length; t++) {
        if (returns[t]! <= cutoff) {
          s += returns[t]!;
          k++;
        }
      }
      return -(s / k);
    }
    case 'gaussian': {
      const z = normalQuantile(alpha);
      return -(mean(returns) - (standardDeviation(returns, 1) * normalPdf(z)) / alpha);
    }
    case 'cornish_fisher': {
      const s = skewness(returns);
      const k = excessKurtosis(returns);
      // ∫₀^α z_CF(Φ⁻¹(p)) dp = ∫_{−∞}^{a} z_CF(z) φ(z) dz with a = Φ⁻¹(α); truncated moments
      // E1 = −φ(a), E2 = α − aφ(a), E3 = −(a² + 2)φ(a).
      const a = normalQuantile(alpha);
      const phi = normalPdf(a);
      const e1 = -phi;
      const e2 = alpha - a * phi;
      const e3 = -(a * a + 2) * phi;
      const integral =
        e1 + (s / 6) * (e2 - alpha) + (k / 24) * (e3 - 3 * e1) - ((s * s) / 36) * (2 * e3 - 5 * e1);
      return -(mean(returns) + (standardDeviation(returns, 1) * integral) / alpha);
    }
  }
}
