export interface TradeSizeDistribution {
  /** Bin edges; bin i is [edges[i], edges[i+1]). */
  readonly edges: readonly number[];
  readonly counts: Float64Array;
  /** Share of total volume traded in each bin. */
  readonly volumeShare: Float64Array;
  readonly mean: number;
  /** Quantiles by linear interpolation between order statistics (numpy's default, "type 7"). */
  readonly quantiles: Readonly<Record<'p10' | 'p25' | 'p50' | 'p75' | 'p90' | 'p99', number>>;
}

/** Default size bins in shares: odd lots, round lots, then block-size trades (≥ 10 000). */
export const DEFAULT_TRADE_SIZE_EDGES: readonly number[] = [
  0,
  100,
  200,
  500,
  1000,
  5000,
  10000,
  Number.POSITIVE_INFINITY,
];

/** Quantile q ∈ [0, 1] of an ascending array, numpy "linear" method. */
function sortedQuantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Histogram, volume shares and quantiles of trade sizes. Sizes outside all bins are ignored in the histogram. */
export function tradeSizeDistribution(
  size: Float64Array,
  edges: readonly number[] = DEFAULT_TRADE_SIZE_EDGES,
): TradeSizeDistribution {
  if (edges.length < 2) throw new RangeError('tradeSizeDistribution: need at least two edges');
  for (let i = 1; i < edges.length; i++) {
    if (!(edges[i]! > edges[i - 1]!)) throw new RangeError('tradeSizeDistribution: edges must increase');
  }
  const nb = edges.length - 1;
  const counts = new Float64Array(nb);
  const vol = new Float64Array(nb);
  let total = 0;
  for (let i = 0; i < size.length; i++) {
    const s = size[i]!;
    total += s;
    let lo = 0;
    let hi = nb;
    if (s < edges[0]! || s >= edges[nb]!) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (s >= edges[mid]!) lo = mid;
      else hi = mid;
    }
    counts[lo] = counts[lo]! + 1;
    vol[lo] = vol[lo]! + s;
  }
  const volumeShare = vol.map((v) => (total > 0 ? v / total : Number.NaN));
  const sorted = Float64Array.from(size).sort();
  return {
    edges: [...edges],
    counts,
    volumeShare,
    mean: size.length > 0 ? total / size.length : Number.NaN,
    quantiles: {
      p10: sortedQuantile(sorted, 0.1),
      p25: sortedQuantile(sorted, 0.25),
      p50: sortedQuantile(sorted, 0.5),
      p75: sortedQuantile(sorted, 0.75),
      p90: sortedQuantile(sorted, 0.9),
      p99: sortedQuantile(sorted, 0.99),
    },
  };
}
