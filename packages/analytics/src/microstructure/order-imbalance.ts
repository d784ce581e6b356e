export interface OrderImbalance {
  readonly buyVolume: number;
  readonly sellVolume: number;
  readonly buyCount: number;
  readonly sellCount: number;
  /** Trades with sign 0. */
  readonly unclassifiedCount: number;
  /** (buy − sell) / (buy + sell) volume, in [−1, 1]; NaN without signed volume. */
  readonly imbalance: number;
}

/** Signed order flow of a set of trades (signs +1 / −1 / 0, e.g. from `leeReady`). */
export function orderImbalance(sign: Int8Array, size: Float64Array): OrderImbalance {
  if (sign.length !== size.length) throw new RangeError('orderImbalance: length mismatch');
  let buyVolume = 0;
  let sellVolume = 0;
  let buyCount = 0;
  let sellCount = 0;
  let unclassifiedCount = 0;
  for (let i = 0; i < sign.length; i++) {
    const s = sign[i]!;
    if (s > 0) {
      buyVolume += size[i]!;
      buyCount++;
    } else if (s < 0) {
      sellVolume += size[i]!;
      sellCount++;
    } else unclassifiedCount++;
  }
  const total = buyVolume + sellVolume;
  return {
    buyVolume,
    sellVolume,
    buyCount,
    sellCount,
    unclassifiedCount,
    imbalance: total > 0 ? (buyVolume - sellVolume) / total : Number.NaN,
  };
}
