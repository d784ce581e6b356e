import { combined, type FigureValue, type FiscalFigures } from './fiscal-figures.js';
import { FUNDAMENTAL_ITEMS, type FundamentalItem, ITEM_KIND } from './fundamental-fact.js';

const order = (q: FiscalFigures) => q.fiscalYear * 4 + Number(q.fiscalPeriod.slice(1)) - 1;

/**
 * Trailing twelve months at each quarter that closes four consecutive fiscal quarters (oldest first):
 * flows and diluted EPS are the sums of the four quarters (diluted EPS so summed is the usual TTM EPS, not
 * the twelve months' own EPS), only when all four are known; balances are the last quarter's; diluted
 * weighted shares are not given (they do not add up over quarters).
 */
export function trailingTwelveMonths(quarters: readonly FiscalFigures[]): FiscalFigures[] {
  const sorted = [...quarters].sort((a, b) => order(a) - order(b));
  const out: FiscalFigures[] = [];
  for (let i = 3; i < sorted.length; i++) {
    const four = sorted.slice(i - 3, i + 1);
    const last = four[3] as FiscalFigures;
    if (order(last) - order(four[0] as FiscalFigures) !== 3) continue;
    const values: Partial<Record<FundamentalItem, FigureValue>> = {};
    for (const item of FUNDAMENTAL_ITEMS) {
      if (ITEM_KIND[item] === 'instant') {
        const v = last.values[item];
        if (v !== undefined) values[item] = v;
        continue;
      }
      if (item === 'shares_diluted') continue;
      const parts = four.map((q) => q.values[item]);
      if (parts.some((p) => p === undefined)) continue;
      const known = parts as FigureValue[];
      values[item] = combined(
        known.reduce((s, p) => s + p.value, 0),
        known,
        'sum_of_quarters',
      );
    }
    if (Object.keys(values).length === 0) continue;
    out.push({
      fiscalYear: last.fiscalYear,
      fiscalPeriod: 'TTM',
      start: (four[0] as FiscalFigures).start,
      end: last.end,
      values,
    });
  }
  return out;
}
