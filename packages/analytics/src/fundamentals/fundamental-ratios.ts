import type { FiscalFigures } from './fiscal-figures.js';

/** Ratios of one period's figures; each null when an input is missing or its denominator is not positive. */
export interface FundamentalRatios {
  readonly gross_margin: number | null;
  readonly operating_margin: number | null;
  readonly net_margin: number | null;
  /** Net income over the period-end equity (on TTM figures: return on equity). */
  readonly return_on_equity: number | null;
  /** Operating cash flow less capital expenditure. */
  readonly free_cash_flow: number | null;
}

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !(b > 0) ? null : a / b;

export function fundamentalRatios(f: FiscalFigures): FundamentalRatios {
  const v = (k: keyof FiscalFigures['values']) => f.values[k]?.value;
  const ocf = v('operating_cash_flow');
  const capex = v('capex');
  return {
    gross_margin: ratio(v('gross_profit'), v('revenue')),
    operating_margin: ratio(v('operating_income'), v('revenue')),
    net_margin: ratio(v('net_income'), v('revenue')),
    return_on_equity: ratio(v('net_income'), v('equity')),
    free_cash_flow: ocf === undefined || capex === undefined ? null : ocf - capex,
  };
}

/** Valuation at a price from trailing-twelve-month figures; null where an input is missing or not positive. */
export interface PriceRatios {
  readonly pe: number | null;
  readonly ps: number | null;
  readonly pb: number | null;
  readonly earnings_yield: number | null;
  readonly fcf_yield: number | null;
}

/**
 * P/E (price over TTM diluted EPS), P/S and P/B (market value, price × shares outstanding, over TTM revenue
 * and equity), earnings yield (TTM EPS over price) and free-cash-flow yield (TTM free cash flow over market
 * value). A negative EPS gives no P/E (its earnings yield stays, negative).
 */
export function priceRatios(price: number, ttm: FiscalFigures): PriceRatios {
  const v = (k: keyof FiscalFigures['values']) => ttm.values[k]?.value;
  const shares = v('shares_outstanding');
  const cap = shares === undefined || !(price > 0) ? undefined : price * shares;
  const eps = v('eps_diluted');
  const fcf = fundamentalRatios(ttm).free_cash_flow;
  return {
    pe: ratio(price, eps),
    ps: ratio(cap, v('revenue')),
    pb: ratio(cap, v('equity')),
    earnings_yield: eps === undefined || !(price > 0) ? null : eps / price,
    fcf_yield: fcf === null ? null : ratio(fcf, cap),
  };
}
