import { DEFAULT_PERIODS_PER_YEAR } from '../../risk/conventions.js';
import { maxDrawdown } from '../../risk/drawdown.js';
import { sharpeRatio } from '../../risk/ratios.js';
import { annualizedReturn } from '../../risk/returns.js';
import { annualizedVolatility } from '../../risk/volatility.js';

/**
 * A book's headline figures from its daily equity (starting capital 1 before the first session):
 * CAGR, annualised volatility (sample sd × √252), Sharpe (risk-free 0, empyrical `sharpe_ratio`) and the
 * maximum drawdown (≤ 0, the starting capital counts as a peak). Null where undefined (fewer than two
 * sessions, or no variation).
 */
export interface BookStats {
  readonly annual_return: number | null;
  readonly volatility: number | null;
  readonly sharpe: number | null;
  readonly max_drawdown: number | null;
  readonly total_return: number | null;
}

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/** Daily returns of an equity path that starts at 1 before its first value. */
function equityReturns(equity: ArrayLike<number>): Float64Array {
  const out = new Float64Array(equity.length);
  let prev = 1;
  for (let i = 0; i < equity.length; i++) {
    const e = equity[i] as number;
    out[i] = e / prev - 1;
    prev = e;
  }
  return out;
}

export function bookStats(equity: ArrayLike<number>): BookStats {
  const r = equityReturns(equity);
  if (r.length === 0)
    return { annual_return: null, volatility: null, sharpe: null, max_drawdown: null, total_return: null };
  const ppy = { periodsPerYear: DEFAULT_PERIODS_PER_YEAR };
  return {
    annual_return: orNull(annualizedReturn(r, ppy)),
    volatility: r.length < 2 ? null : orNull(annualizedVolatility(r, ppy)),
    sharpe: r.length < 2 ? null : orNull(sharpeRatio(r, ppy)),
    max_drawdown: orNull(maxDrawdown(r).depth),
    total_return: orNull((equity[equity.length - 1] as number) - 1),
  };
}
