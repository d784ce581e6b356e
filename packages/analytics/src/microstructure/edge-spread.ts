import { type NegativeHandling, signedRoot } from './negative-estimates.js';

export interface EdgeSpreadOptions {
  /** Number of two-day observations per estimate (≥ 3). Default 21. */
  readonly window?: number;
  /** Policy for a negative squared spread. Default 'abs' (√|s²|, as the authors' reference code). */
  readonly negative?: NegativeHandling;
}

/**
 * EDGE over the two-day observations k = from … to (each uses bar k and bar k−1), on log prices.
 * Follows Ardia, Guidotti and Kroencke (2024): two moment conditions on mid-range returns,
 * debiased for the probability of no trade, optimally weighted by their sample variances.
 * Returns the squared spread s² (NaN when undefined).
 */
export function edgeSquaredSpread(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  from: number,
  to: number,
): number {
  return edgeSquaredSpreadLog(
    open.map(Math.log),
    high.map(Math.log),
    low.map(Math.log),
    close.map(Math.log),
    from,
    to,
  );
}

/** {@link edgeSquaredSpread} on log prices (so rolling callers take each logarithm once). */
function edgeSquaredSpreadLog(
  lo: Float64Array,
  lh: Float64Array,
  ll: Float64Array,
  lc: Float64Array,
  from: number,
  to: number,
): number {
  const m = to - from + 1;
  let nTau = 0;
  let nPo = 0;
  let nPc = 0;
  let s1 = 0;
  let s3 = 0;
  let s5 = 0;
  for (let k = from; k <= to; k++) {
    const o = lo[k]!;
    const h = lh[k]!;
    const l = ll[k]!;
    const h1 = lh[k - 1]!;
    const l1 = ll[k - 1]!;
    const c1 = lc[k - 1]!;
    if (!Number.isFinite(o + h + l + h1 + l1 + c1)) return Number.NaN;
    const mid = (h + l) / 2;
    const tau = h !== l || l !== c1;
    if (tau) {
      nTau++;
      nPo += (o !== h ? 1 : 0) + (o !== l ? 1 : 0);
      nPc += (c1 !== h1 ? 1 : 0) + (c1 !== l1 ? 1 : 0);
    }
    s1 += mid - o;
    s3 += mid - c1;
    s5 += o - c1;
  }
  const pt = nTau / m;
  const po = nPo / m;
  const pc = nPc / m;
  if (pt === 0 || po === 0 || pc === 0) return Number.NaN;
  const k1 = s1 / m / pt;
  const k3 = s3 / m / pt;
  const k5 = s5 / m / pt;
  let e1 = 0;
  let e2 = 0;
  let q1 = 0;
  let q2 = 0;
  for (let k = from; k <= to; k++) {
    const o = lo[k]!;
    const h = lh[k]!;
    const l = ll[k]!;
    const h1 = lh[k - 1]!;
    const l1 = ll[k - 1]!;
    const c1 = lc[k - 1]!;
    const mid = (h + l) / 2;
    const mid1 = (h1 + l1) / 2;
    const tau = h !== l || l !== c1 ? 1 : 0;
    const r1 = mid - o;
    const r2 = o - mid1;
    const r3 = mid - c1;
    const r4 = c1 - mid1;
    const r5 = o - c1;
    const d1 = r1 - tau * k1;
    const d3 = r3 - tau * k3;
    const d5 = r5 - tau * k5;
    const x1 = (-4 / po) * d1 * r2 - (4 / pc) * d3 * r4;
    const x2 = (-4 / po) * d1 * r5 - (4 / pc) * d5 * r4;
    e1 += x1;
    e2 += x2;
    q1 += x1 * x1;
    q2 += x2 * x2;
  }
  e1 /= m;
  e2 /= m;
  let v1 = q1 / m - e1 * e1;
  let v2 = q2 / m - e2 * e2;
  if (!(v1 > Number.EPSILON)) v1 = 0;
  if (!(v2 > Number.EPSILON)) v2 = 0;
  if (v1 === 0 && v2 === 0) return Number.NaN;
  return (v2 * e1 + v1 * e2) / (v1 + v2);
}

/** EDGE estimate over a whole sample (all bars; the first only serves as the lag). */
export function edgeSpreadSample(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  negative: NegativeHandling = 'abs',
): number {
  if (open.length < 3) return Number.NaN;
  return signedRoot(edgeSquaredSpread(open, high, low, close, 1, open.length - 1), negative);
}

/**
 * Rolling EDGE spread (Ardia, Guidotti and Kroencke 2024, "Efficient estimation of bid–ask spreads
 * from open, high, low, and close prices", J. Financial Economics 161, 103916), relative to price
 * (0.01 = 1 %). The estimate at t uses bars t−window … t; the first `window` bars are NaN.
 */
export function edgeSpread(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  options: EdgeSpreadOptions = {},
): Float64Array {
  const window = options.window ?? 21;
  const negative = options.negative ?? 'abs';
  if (!Number.isInteger(window) || window < 3)
    throw new RangeError('edgeSpread: window must be an integer ≥ 3');
  const n = open.length;
  if (high.length !== n || low.length !== n || close.length !== n) {
    throw new RangeError('edgeSpread: length mismatch');
  }
  const out = new Float64Array(n).fill(Number.NaN);
  const [lo, lh, ll, lc] = [open, high, low, close].map((a) => a.map(Math.log)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let t = window; t < n; t++) {
    out[t] = signedRoot(edgeSquaredSpreadLog(lo, lh, ll, lc, t - window + 1, t), negative);
  }
  return out;
}
