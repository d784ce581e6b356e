import { fillNaN, nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';
import { fastKInto } from '../stochf/fast-k.js';

/** Leading NaN bars of `stoch`. */
export function stochLookback(
  fastKPeriod: number,
  slowKPeriod: number,
  slowKType: MaType,
  slowDPeriod: number,
  slowDType: MaType,
): number {
  return fastKPeriod - 1 + maLookback(slowKPeriod, slowKType) + maLookback(slowDPeriod, slowDType);
}

/**
 * Slow stochastic (TA-Lib `TA_STOCH`): slow %K = MA(fast %K), slow %D = MA(slow %K); both outputs
 * start at the same bar.
 */
export function stoch(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod = 5,
  slowKPeriod = 3,
  slowKType: MaType = 'sma',
  slowDPeriod = 3,
  slowDType: MaType = 'sma',
): { slowk: Float64Array; slowd: Float64Array } {
  const fused =
    slowKType === 'sma' &&
    slowDType === 'sma' &&
    Number.isInteger(fastKPeriod) &&
    fastKPeriod >= 1 &&
    Number.isInteger(slowKPeriod) &&
    slowKPeriod > 1 &&
    Number.isInteger(slowDPeriod) &&
    slowDPeriod > 1;
  const result = fused ? stochSmaFused(high, low, close, fastKPeriod, slowKPeriod, slowDPeriod) : undefined;
  return (
    result ?? stochComposed(high, low, close, fastKPeriod, slowKPeriod, slowKType, slowDPeriod, slowDType)
  );
}

/**
 * SMA/SMA slow stochastic in one pass: fast %K exactly as `rangePositionInto`, the two SMAs with
 * exactly the operations of `smaInto`'s NaN-free path (add the new value, read sum / period, drop the
 * oldest value; the last `period` values kept in small rings), so the results are the same. NaN is
 * absorbing in the running sums: a NaN sum at the end (or too short an input) returns undefined and
 * the caller runs the composed kernels instead.
 */
function stochSmaFused(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod: number,
  slowKPeriod: number,
  slowDPeriod: number,
): { slowk: Float64Array; slowd: Float64Array } | undefined {
  const n = close.length;
  const f = fastKPeriod - 1; // first fast %K
  const fk = f + slowKPeriod - 1; // first slow %K
  const first = fk + slowDPeriod - 1; // first output
  if (first >= n) return undefined;
  const slowk = new Float64Array(n);
  const slowd = new Float64Array(n);
  fillNaN(slowk, 0, first);
  fillNaN(slowd, 0, first);
  const ringK = new Float64Array(slowKPeriod);
  const ringD = new Float64Array(slowDPeriod);
  let wk = 0;
  let wd = 0;
  let sumK = 0;
  let sumD = 0;
  let hiIdx = -1;
  let loIdx = -1;
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  let lastNaN = -1;
  for (let j = 0; j < f; j++) {
    if (Number.isNaN(high[j]!) || Number.isNaN(low[j]!) || Number.isNaN(close[j]!)) lastNaN = j;
  }
  for (let i = f; i < n; i++) {
    const trailing = i - fastKPeriod + 1;
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    if (Number.isNaN(h) || Number.isNaN(l) || Number.isNaN(c)) lastNaN = i;
    if (hiIdx < trailing) {
      hh = Number.NEGATIVE_INFINITY;
      hiIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = high[j]!;
        if (v >= hh) {
          hh = v;
          hiIdx = j;
        }
      }
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      ll = Number.POSITIVE_INFINITY;
      loIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = low[j]!;
        if (v <= ll) {
          ll = v;
          loIdx = j;
        }
      }
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
    }
    let k: number;
    if (lastNaN >= trailing) k = Number.NaN;
    else {
      const diff = (hh - ll) / 100;
      k = diff !== 0 ? (c - ll) / diff : 0;
    }
    sumK += k;
    ringK[wk] = k;
    wk++;
    if (wk === slowKPeriod) wk = 0;
    if (i < fk) continue;
    const sk = sumK / slowKPeriod;
    sumK -= ringK[wk]!; // fast %K of bar i − slowKPeriod + 1
    sumD += sk;
    ringD[wd] = sk;
    wd++;
    if (wd === slowDPeriod) wd = 0;
    if (i < first) continue;
    slowk[i] = sk;
    slowd[i] = sumD / slowDPeriod;
    sumD -= ringD[wd]!; // slow %K of bar i − slowDPeriod + 1
  }
  if (Number.isNaN(sumK) || Number.isNaN(sumD)) return undefined;
  return { slowk, slowd };
}

/** Fast %K, then the two moving-average kernels over intermediate arrays. */
function stochComposed(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod: number,
  slowKPeriod: number,
  slowKType: MaType,
  slowDPeriod: number,
  slowDType: MaType,
): { slowk: Float64Array; slowd: Float64Array } {
  const n = close.length;
  const fastk = nanArray(n);
  const slowk = nanArray(n);
  const slowd = nanArray(n);
  const f = fastKInto(high, low, close, fastKPeriod, fastk);
  const fk = movingAverageInto(fastk, slowKPeriod, slowKType, slowk, Math.min(f, n));
  const first = movingAverageInto(slowk, slowDPeriod, slowDType, slowd, Math.min(fk, n));
  slowk.fill(Number.NaN, 0, Math.min(first, n));
  return { slowk, slowd };
}
