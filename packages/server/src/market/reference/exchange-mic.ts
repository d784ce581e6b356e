/**
 * US exchange names as the providers write them — Tiingo's exchange codes, Alpha Vantage's
 * LISTING_STATUS, SEC EDGAR's submissions — upper-cased, to ISO 10383 MICs.
 */
const MIC_BY_NAME: ReadonlyMap<string, string> = new Map([
  ['NASDAQ', 'XNAS'],
  ['NYSE', 'XNYS'],
  ['NYSE ARCA', 'ARCX'],
  ['NYSE MKT', 'XASE'],
  ['NYSE AMERICAN', 'XASE'],
  ['AMEX', 'XASE'],
  ['BATS', 'BATS'],
  ['CBOE', 'BATS'],
]);

/** The MIC of a provider's exchange name (any case), or undefined for a name not listed. */
export function exchangeMic(name: string): string | undefined {
  return MIC_BY_NAME.get(name.trim().toUpperCase());
}
