/**
 * Portfolio return series from asset columns (one Float64Array per asset, aligned in time).
 */

/**
 * Constant weights, rebalanced every period: r_p,t = Σ_i w_i r_i,t. Weights need not sum to 1
 * (the remainder earns 0, e.g. cash).
 */
export function portfolioReturnsFromWeights(
  assetReturns: readonly Float64Array[],
  weights: ArrayLike<number>,
): Float64Array {
  if (weights.length !== assetReturns.length) throw new RangeError('one weight per asset');
  const t = assetReturns[0]?.length ?? 0;
  const out = new Float64Array(t);
  assetReturns.forEach((col, i) => {
    if (col.length !== t) throw new RangeError('asset return columns differ in length');
    const w = weights[i]!;
    for (let k = 0; k < t; k++) out[k] = out[k]! + w * col[k]!;
  });
  return out;
}

/**
 * Fixed quantities (buy and hold, no rebalancing) over aligned price columns: value V_t = Σ q_i
 * p_i,t and r_t = V_t / V_{t−1} − 1. The output has one fewer element than the prices (index t is
 * the return into price row t + 1).
 */
export function portfolioReturnsFromQuantities(
  assetPrices: readonly Float64Array[],
  quantities: ArrayLike<number>,
): Float64Array {
  if (quantities.length !== assetPrices.length) throw new RangeError('one quantity per asset');
  const t = assetPrices[0]?.length ?? 0;
  const value = new Float64Array(t);
  assetPrices.forEach((col, i) => {
    if (col.length !== t) throw new RangeError('asset price columns differ in length');
    const q = quantities[i]!;
    for (let k = 0; k < t; k++) value[k] = value[k]! + q * col[k]!;
  });
  const out = new Float64Array(Math.max(0, t - 1));
  for (let k = 1; k < t; k++) out[k - 1] = value[k]! / value[k - 1]! - 1;
  return out;
}

/** Weights implied by quantities at one price row: q_i p_i / Σ_j q_j p_j. */
export function weightsFromQuantities(
  prices: ArrayLike<number>,
  quantities: ArrayLike<number>,
): Float64Array {
  const v = Float64Array.from({ length: quantities.length }, (_, i) => quantities[i]! * prices[i]!);
  const total = v.reduce((s, x) => s + x, 0);
  return v.map((x) => x / total);
}
