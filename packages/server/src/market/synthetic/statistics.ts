import type { CorporateAction, DailyBar } from './types.js';

/**
 * Close-to-close total returns of a raw series, neutral to splits and including dividends:
 * rₜ = (Cₜ·ratioₜ + Dₜ) / Cₜ₋₁ − 1 with the split ratio and dividend going ex on day t. Element 0 is
 * NaN (no previous close). `actions` may include other tickers' actions; they are ignored.
 */
export function totalReturns(
  ticker: string,
  bars: readonly DailyBar[],
  actions: readonly CorporateAction[],
): Float64Array {
  const ratio = new Map<string, number>();
  const cash = new Map<string, number>();
  for (const a of actions) {
    if (a.ticker !== ticker) continue;
    if (a.kind === 'split') ratio.set(a.date, (ratio.get(a.date) ?? 1) * a.ratio);
    else cash.set(a.date, (cash.get(a.date) ?? 0) + a.amount);
  }
  const out = new Float64Array(bars.length);
  out[0] = Number.NaN;
  for (let t = 1; t < bars.length; t++) {
    const b = bars[t]!;
    out[t] = (b.close * (ratio.get(b.date) ?? 1) + (cash.get(b.date) ?? 0)) / bars[t - 1]!.close - 1;
  }
  return out;
}

/** Finite values of `xs` (drops the leading NaN and any gaps). */
function finite(xs: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i]!)) out.push(xs[i]!);
  return out;
}

export function mean(xs: ArrayLike<number>): number {
  const v = finite(xs);
  let s = 0;
  for (const x of v) s += x;
  return s / v.length;
}

/** Sample standard deviation (n − 1) of the finite values. */
export function stdev(xs: ArrayLike<number>): number {
  const v = finite(xs);
  const m = mean(v);
  let s = 0;
  for (const x of v) s += (x - m) ** 2;
  return Math.sqrt(s / (v.length - 1));
}

/** Pearson correlation over the positions where both values are finite. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (Number.isFinite(a[i]!) && Number.isFinite(b[i]!)) {
      xs.push(a[i]!);
      ys.push(b[i]!);
    }
  }
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Average ranks (ties share their mean rank), 1-based. */
function ranks(xs: readonly number[]): Float64Array {
  const order = xs.map((_, i) => i).sort((i, j) => xs[i]! - xs[j]! || i - j);
  const out = new Float64Array(xs.length);
  for (let k = 0; k < order.length; ) {
    let end = k;
    while (end + 1 < order.length && xs[order[end + 1]!] === xs[order[k]!]) end++;
    for (let j = k; j <= end; j++) out[order[j]!] = (k + end) / 2 + 1;
    k = end + 1;
  }
  return out;
}

/** Spearman rank correlation. */
export function rankCorrelation(a: readonly number[], b: readonly number[]): number {
  return correlation(ranks(a), ranks(b));
}

/** Autocorrelation at `lag` of the finite values. */
export function autocorrelation(xs: ArrayLike<number>, lag: number): number {
  const v = finite(xs);
  return correlation(v.slice(lag), v.slice(0, v.length - lag));
}
