import type { Instrument } from './types.js';

/**
 * The instrument row a ticker gets before anything is known of it (a sync's first bars, a universe file
 * without names): a US equity on the XNYS calendar, named by its ticker, until reference data complete it.
 */
export function bareInstrument(ticker: string, source: string): Instrument {
  return {
    ticker,
    name: ticker,
    exchange: null,
    asset_class: 'equity',
    currency: 'USD',
    sector: null,
    calendar: 'XNYS',
    active: true,
    source,
  };
}
