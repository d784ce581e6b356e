/** The standard items read from a company's filed financial statements. */
export const FUNDAMENTAL_ITEMS = [
  'revenue',
  'gross_profit',
  'operating_income',
  'net_income',
  'eps_diluted',
  'shares_diluted',
  'shares_outstanding',
  'total_assets',
  'total_liabilities',
  'equity',
  'cash',
  'operating_cash_flow',
  'capex',
] as const;

export type FundamentalItem = (typeof FUNDAMENTAL_ITEMS)[number];

/**
 * How an item's values combine over time:
 * - `flow`: summed over a period (revenue, cash flows), so a quarter is a year-to-date difference and Q4 is
 *   the fiscal year less Q1–Q3;
 * - `average`: a per-period figure that does not add up (diluted EPS, diluted weighted shares): only as
 *   reported, never derived by subtraction;
 * - `instant`: a balance at a date (assets, cash, shares outstanding).
 */
export const ITEM_KIND: Readonly<Record<FundamentalItem, 'flow' | 'average' | 'instant'>> = {
  revenue: 'flow',
  gross_profit: 'flow',
  operating_income: 'flow',
  net_income: 'flow',
  eps_diluted: 'average',
  shares_diluted: 'average',
  shares_outstanding: 'instant',
  total_assets: 'instant',
  total_liabilities: 'instant',
  equity: 'instant',
  cash: 'instant',
  operating_cash_flow: 'flow',
  capex: 'flow',
};

/**
 * Where a fiscal figure sits in its year: a quarter, the year, or year to date through the second or third
 * quarter (10-Qs' cash-flow statements are year to date only).
 */
export type FiscalPeriod = 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'FY' | 'H1' | 'M9';

/**
 * One value as one filing reported it: the item, the concept it was read from and that concept's rank in
 * the item's documented order (0 first), its period (`start` null for a balance), and the filing's date,
 * form and accession. The fiscal year and period are the period's own (from the filing that first
 * reported the period), the same for every later re-report of it.
 */
export interface FundamentalFact {
  readonly item: FundamentalItem;
  readonly concept: string;
  readonly rank: number;
  readonly start: string | null;
  readonly end: string;
  readonly fiscalYear: number;
  readonly fiscalPeriod: FiscalPeriod;
  readonly value: number;
  readonly filed: string;
  readonly form: string;
  readonly accession: string;
}
