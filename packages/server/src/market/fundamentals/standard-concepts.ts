import type { FundamentalItem } from '@bellwether/analytics';

/** An XBRL concept read for a standard item: its taxonomy, name and the unit its values are in. */
export interface StandardConcept {
  readonly taxonomy: 'us-gaap' | 'dei';
  readonly concept: string;
  readonly unit: 'USD' | 'USD/shares' | 'shares';
}

const gaap = (concept: string, unit: StandardConcept['unit'] = 'USD'): StandardConcept => ({
  taxonomy: 'us-gaap',
  concept,
  unit,
});

/**
 * The concepts each standard item is read from, in order: for a period the first that has a value is
 * used (companies moved between them: `SalesRevenueNet` until ASC 606 in 2018,
 * `RevenueFromContractWithCustomerExcludingAssessedTax` after; some report only `Revenues`). Every value
 * served names the concept it came from.
 */
const STANDARD_CONCEPTS: Readonly<Record<FundamentalItem, readonly StandardConcept[]>> = {
  revenue: [
    gaap('Revenues'),
    gaap('RevenueFromContractWithCustomerExcludingAssessedTax'),
    gaap('RevenueFromContractWithCustomerIncludingAssessedTax'),
    gaap('SalesRevenueNet'),
    gaap('SalesRevenueGoodsNet'),
  ],
  gross_profit: [gaap('GrossProfit')],
  operating_income: [gaap('OperatingIncomeLoss')],
  net_income: [
    gaap('NetIncomeLoss'),
    gaap('NetIncomeLossAvailableToCommonStockholdersBasic'),
    gaap('ProfitLoss'),
  ],
  eps_diluted: [
    gaap('EarningsPerShareDiluted', 'USD/shares'),
    gaap('EarningsPerShareBasicAndDiluted', 'USD/shares'),
  ],
  shares_diluted: [gaap('WeightedAverageNumberOfDilutedSharesOutstanding', 'shares')],
  shares_outstanding: [{ taxonomy: 'dei', concept: 'EntityCommonStockSharesOutstanding', unit: 'shares' }],
  total_assets: [gaap('Assets')],
  total_liabilities: [gaap('Liabilities')],
  equity: [
    gaap('StockholdersEquity'),
    gaap('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'),
  ],
  cash: [gaap('CashAndCashEquivalentsAtCarryingValue'), gaap('Cash')],
  operating_cash_flow: [
    gaap('NetCashProvidedByUsedInOperatingActivities'),
    gaap('NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'),
  ],
  capex: [gaap('PaymentsToAcquirePropertyPlantAndEquipment'), gaap('PaymentsToAcquireProductiveAssets')],
};

/** `taxonomy/concept/unit` → the item it is read for and its rank in the item's order. */
export const CONCEPT_ITEMS: ReadonlyMap<string, { readonly item: FundamentalItem; readonly rank: number }> =
  new Map(
    Object.entries(STANDARD_CONCEPTS).flatMap(([item, concepts]) =>
      concepts.map((c, rank) => [
        `${c.taxonomy}/${c.concept}/${c.unit}`,
        { item: item as FundamentalItem, rank },
      ]),
    ),
  );

/** A stored concept's (`us-gaap:Revenues`) rank in its item's order; past the end when no longer listed. */
export function conceptRank(item: FundamentalItem, concept: string): number {
  const i = STANDARD_CONCEPTS[item].findIndex((c) => `${c.taxonomy}:${c.concept}` === concept);
  return i === -1 ? STANDARD_CONCEPTS[item].length : i;
}
