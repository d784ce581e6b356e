import { type BookWindow, type PricePanel, priced } from './panel.js';

/** Target weights (fractions of the book's value, summing to ≤ 1) by ticker index; the rest is cash. */
export type TargetWeights = ReadonlyMap<number, number>;

export interface WeightedBookRun {
  /** Equity at each session's close in the window, from capital 1 before the first session. */
  readonly equity: Float64Array;
  /** Gross exposure at each close: held value / equity. */
  readonly exposure: Float64Array;
  /** Traded notional over the run, as a multiple of the starting capital, and what it cost. */
  readonly turnover: number;
  readonly costs: number;
}

/**
 * Runs a long-only book that trades at the close of the sessions where `targetsAt` returns weights (and
 * holds, drifting with prices, elsewhere). A trade costs `costBps` basis points of the notional traded,
 * per side. The value after costs V′ solves V′ = V − c·Σ|wⱼV′ − heldⱼ| (a contraction for c < 1: a few
 * iterations reach machine precision). A held ticker without a close on a day keeps its last one; it
 * cannot be traded that day, so it is kept at its current value and the others share what is left.
 * Cash earns nothing.
 */
export function runWeightedBook(
  panel: PricePanel,
  window: BookWindow,
  targetsAt: (i: number) => TargetWeights | undefined,
  costBps: number,
): WeightedBookRun {
  const c = Math.max(0, costBps) / 10_000;
  const n = window.to - window.from + 1;
  const equity = new Float64Array(Math.max(0, n));
  const exposure = new Float64Array(Math.max(0, n));
  const shares = new Float64Array(panel.tickers.length);
  const last = new Float64Array(panel.tickers.length).fill(Number.NaN);
  let cash = 1;
  let turnover = 0;
  let costs = 0;
  for (let i = window.from; i <= window.to; i++) {
    for (let j = 0; j < panel.tickers.length; j++) {
      const p = panel.close[j]?.[i];
      if (priced(p)) last[j] = p;
    }
    const held = () => {
      let v = 0;
      for (let j = 0; j < shares.length; j++)
        if (shares[j] !== 0) v += (shares[j] as number) * (last[j] as number);
      return v;
    };
    const targets = targetsAt(i);
    if (targets !== undefined) {
      const value = cash + held();
      // Tickers held but without a close today cannot be traded: their value stays where it is.
      let frozen = 0;
      for (let j = 0; j < shares.length; j++)
        if (shares[j] !== 0 && !priced(panel.close[j]?.[i]))
          frozen += (shares[j] as number) * (last[j] as number);
      const tradable = [...targets].filter(([j]) => priced(panel.close[j]?.[i]));
      const current = (j: number) =>
        priced(panel.close[j]?.[i]) ? (shares[j] as number) * (last[j] as number) : 0;
      const traded = (v: number) => {
        let t = 0;
        const inTargets = new Set<number>();
        for (const [j, w] of tradable) {
          inTargets.add(j);
          t += Math.abs(w * (v - frozen) - current(j));
        }
        for (let j = 0; j < shares.length; j++) if (!inTargets.has(j)) t += Math.abs(current(j));
        return t;
      };
      let after = value;
      for (let k = 0; k < 50; k++) {
        const next = value - c * traded(after);
        if (Math.abs(next - after) <= 1e-15 * Math.abs(value)) {
          after = next;
          break;
        }
        after = next;
      }
      const t = traded(after);
      turnover += t;
      costs += c * t;
      // The weights apply to what is left after costs and the frozen positions.
      const investable = Math.max(0, after - frozen);
      let invested = 0;
      for (let j = 0; j < shares.length; j++) if (priced(panel.close[j]?.[i])) shares[j] = 0;
      for (const [j, w] of tradable) {
        shares[j] = (w * investable) / (last[j] as number);
        invested += w * investable;
      }
      cash = after - frozen - invested;
    }
    const v = held();
    const e = cash + v;
    equity[i - window.from] = e;
    exposure[i - window.from] = e > 0 ? v / e : 0;
  }
  return { equity, exposure, turnover, costs };
}
