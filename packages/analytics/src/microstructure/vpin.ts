import { normalCdf } from './normal-cdf.js';

export interface VpinOptions {
  /** Volume per bucket (V in the paper). Required: a common choice is daily volume / 50. */
  readonly bucketVolume: number;
  /** Time-bar length (ms) for bulk volume classification. Default 60 000 (one-minute bars). */
  readonly barMs?: number;
  /** Buckets per VPIN estimate (n in the paper). Default 50. */
  readonly window?: number;
}

export interface VpinResult {
  /** Time of the last trade that filled each bucket (epoch ms). */
  readonly bucketEndTime: Float64Array;
  readonly buyVolume: Float64Array;
  readonly sellVolume: Float64Array;
  /** Mean of |V_S − V_B| / V over the last `window` buckets; NaN for the first window − 1 buckets. */
  readonly vpin: Float64Array;
}

/**
 * VPIN — volume-synchronised probability of informed trading (Easley, López de Prado and O'Hara
 * 2012, Rev. Financial Studies 25(5), 1457–1493). Trades are summed into time bars; bulk volume
 * classification gives each bar the buy share Φ(ΔP/σ_ΔP) (ΔP the bar-to-bar change of the last
 * price, σ_ΔP its sample standard deviation over the input, Φ the standard normal CDF); bars are
 * poured into equal-volume buckets, a bar straddling a boundary being split pro rata; then
 * VPIN_τ = Σ_{j=τ−n+1..τ} |V_S,j − V_B,j| / (n·V). The first bar (no ΔP) and bars when σ_ΔP = 0
 * are split half/half; a trailing partially filled bucket is dropped. Trades in ascending time order.
 */
export function vpin(
  time: Float64Array,
  price: Float64Array,
  size: Float64Array,
  options: VpinOptions,
): VpinResult {
  const barMs = options.barMs ?? 60_000;
  const window = options.window ?? 50;
  const V = options.bucketVolume;
  if (!(V > 0)) throw new RangeError('vpin: bucketVolume must be > 0');
  if (!Number.isInteger(window) || window < 1) throw new RangeError('vpin: window must be ≥ 1');
  const n = price.length;
  if (time.length !== n || size.length !== n) throw new RangeError('vpin: length mismatch');

  // 1. Time bars (only bars holding trades).
  const barVol: number[] = [];
  const barLast: number[] = [];
  const barEnd: number[] = [];
  let cur = Number.NaN;
  for (let i = 0; i < n; i++) {
    const b = Math.floor(time[i]! / barMs);
    if (b !== cur) {
      barVol.push(0);
      barLast.push(price[i]!);
      barEnd.push(time[i]!);
      cur = b;
    }
    const k = barVol.length - 1;
    barVol[k] = barVol[k]! + size[i]!;
    barLast[k] = price[i]!;
    barEnd[k] = time[i]!;
  }
  // 2. Bulk volume classification.
  const nb = barVol.length;
  const dp = new Float64Array(nb);
  let sum = 0;
  let sumSq = 0;
  for (let k = 1; k < nb; k++) {
    dp[k] = barLast[k]! - barLast[k - 1]!;
    sum += dp[k]!;
    sumSq += dp[k]! * dp[k]!;
  }
  const m = nb - 1;
  const sigma = m > 1 ? Math.sqrt(Math.max(0, (sumSq - (sum * sum) / m) / (m - 1))) : 0;
  // 3. Equal-volume buckets.
  const ends: number[] = [];
  const buys: number[] = [];
  const sells: number[] = [];
  let fill = 0;
  let buy = 0;
  for (let k = 0; k < nb; k++) {
    const share = k === 0 || sigma === 0 ? 0.5 : normalCdf(dp[k]! / sigma);
    let left = barVol[k]!;
    while (left > 0) {
      const take = Math.min(left, V - fill);
      fill += take;
      buy += take * share;
      left -= take;
      if (fill >= V - 1e-9 * V) {
        ends.push(barEnd[k]!);
        buys.push(buy);
        sells.push(fill - buy);
        fill = 0;
        buy = 0;
      }
    }
  }
  // 4. Rolling mean of the bucket order imbalance.
  const nk = ends.length;
  const out = new Float64Array(nk).fill(Number.NaN);
  let acc = 0;
  for (let j = 0; j < nk; j++) {
    acc += Math.abs(sells[j]! - buys[j]!);
    if (j >= window) acc -= Math.abs(sells[j - window]! - buys[j - window]!);
    if (j >= window - 1) out[j] = acc / (window * V);
  }
  return {
    bucketEndTime: Float64Array.from(ends),
    buyVolume: Float64Array.from(buys),
    sellVolume: Float64Array.from(sells),
    vpin: out,
  };
}
