/**
 * Drawdowns of the wealth path W_0 = 1, W_t = W_{t−1}(1 + r_t). The starting capital counts as a
 * peak, so a first-period loss is a drawdown (empyrical `max_drawdown`). Drawdowns are ≤ 0 decimals.
 */

/** Drawdown after each period: W_t / max_{s≤t} W_s − 1 (same length as `returns`, all ≤ 0). */
export function drawdownSeries(returns: Float64Array): Float64Array {
  const out = new Float64Array(returns.length);
  let w = 1;
  let peak = 1;
  for (let t = 0; t < returns.length; t++) {
    w *= 1 + returns[t]!;
    if (w > peak) peak = w;
    out[t] = w / peak - 1;
  }
  return out;
}

export interface MaxDrawdown {
  /** Depth, ≤ 0 (−0.25 = a 25 % fall from the peak). 0 when the path never falls. */
  readonly depth: number;
  /** Index of the period whose close is the peak; −1 = the starting capital. */
  readonly peakIndex: number;
  /** Index of the period of the lowest point of the worst drawdown. */
  readonly troughIndex: number;
  /** First index at which wealth is back at or above the peak; −1 if never recovered. */
  readonly recoveryIndex: number;
  /** Periods from peak to trough. */
  readonly declinePeriods: number;
  /** Periods from peak to recovery, or to the last period when not recovered. */
  readonly durationPeriods: number;
}

/** Worst drawdown with its peak, trough and recovery indices. */
export function maxDrawdown(returns: Float64Array): MaxDrawdown {
  const n = returns.length;
  let w = 1;
  let peak = 1;
  let peakIdx = -1;
  let depth = 0;
  let bestPeak = -1;
  let trough = -1;
  for (let t = 0; t < n; t++) {
    const r = returns[t]!;
    if (Number.isNaN(r)) {
      return {
        depth: Number.NaN,
        peakIndex: -1,
        troughIndex: -1,
        recoveryIndex: -1,
        declinePeriods: 0,
        durationPeriods: 0,
      };
    }
    w *= 1 + r;
    if (w > peak) {
      peak = w;
      peakIdx = t;
    }
    const dd = w / peak - 1;
    if (dd < depth) {
      depth = dd;
      bestPeak = peakIdx;
      trough = t;
    }
  }
  if (trough < 0) {
    return {
      depth: 0,
      peakIndex: -1,
      troughIndex: -1,
      recoveryIndex: -1,
      declinePeriods: 0,
      durationPeriods: 0,
    };
  }
  // Recovery: first index after the trough whose wealth reaches the peak level again.
  let peakWealth = 1;
  for (let t = 0; t <= bestPeak; t++) peakWealth *= 1 + returns[t]!;
  let wt = peakWealth;
  for (let t = bestPeak + 1; t <= trough; t++) wt *= 1 + returns[t]!;
  let recovery = -1;
  for (let t = trough + 1; t < n; t++) {
    wt *= 1 + returns[t]!;
    if (wt >= peakWealth) {
      recovery = t;
      break;
    }
  }
  return {
    depth,
    peakIndex: bestPeak,
    troughIndex: trough,
    recoveryIndex: recovery,
    declinePeriods: trough - bestPeak,
    durationPeriods: (recovery >= 0 ? recovery : n - 1) - bestPeak,
  };
}

/**
 * Average drawdown: mean depth (≤ 0) of the distinct drawdown episodes, an episode running from a
 * new peak until wealth regains it (QuantStats `avg_drawdown` of `drawdown_details`). 0 if none.
 */
export function averageDrawdown(returns: Float64Array): number {
  const dd = drawdownSeries(returns);
  let sum = 0;
  let count = 0;
  let worst = 0;
  for (let t = 0; t < dd.length; t++) {
    const d = dd[t]!;
    if (Number.isNaN(d)) return Number.NaN;
    if (d < 0) {
      if (d < worst) worst = d;
    } else if (worst < 0) {
      sum += worst;
      count++;
      worst = 0;
    }
  }
  if (worst < 0) {
    sum += worst;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * Ulcer index (Martin 1987): √(mean(D_t²)) over all periods, D_t the decimal drawdown (population
 * mean; QuantStats divides by n − 1 instead).
 */
export function ulcerIndex(returns: Float64Array): number {
  const dd = drawdownSeries(returns);
  if (dd.length === 0) return Number.NaN;
  let s = 0;
  for (let t = 0; t < dd.length; t++) s += dd[t]! * dd[t]!;
  return Math.sqrt(s / dd.length);
}

/** Pain index (Zephyr): mean |D_t| over all periods, a positive decimal. */
export function painIndex(returns: Float64Array): number {
  const dd = drawdownSeries(returns);
  if (dd.length === 0) return Number.NaN;
  let s = 0;
  for (let t = 0; t < dd.length; t++) s -= dd[t]!;
  return s / dd.length;
}
