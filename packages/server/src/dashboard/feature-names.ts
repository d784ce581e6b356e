import type { Entitlement } from '../platform/plans/entitlements.js';

/**
 * What each entitlement is called where people read it (the dashboard's plan line): the codes are for
 * machines (`/api/v1/account`, `required_plan`), these for readers. Typed by the closed list of
 * entitlements, so a new one does not compile until it has a name.
 */
const FEATURE_NAMES: Readonly<Record<Entitlement, string>> = {
  cards: 'trade cards',
  session: 'session times',
  account: 'account and usage',
  basic_analytics: 'the cards’ track record',
  analysis: 'on-demand analysis',
  technical: 'technical indicators',
  risk: 'risk metrics',
  sentiment: 'news sentiment',
  patterns: 'candlestick and chart patterns',
  microstructure: 'market microstructure',
  portfolio: 'portfolio analytics',
  institutional_feed: 'the institutional data feed',
  instruments: 'instrument search',
  bars: 'daily bars',
  corporate_actions: 'corporate actions',
  fundamentals: 'fundamentals from filings',
  news: 'scored news',
  screener: 'the screener',
  brokers: 'orders from cards at your broker (paper)',
  brokers_live: 'live broker trading',
  quotes: 'last trades and quotes (delayed)',
  quotes_realtime: 'real-time trades and quotes',
};

/** The readers' names of `entitlements`, in their order. */
export function featureNames(entitlements: readonly Entitlement[]): string[] {
  return entitlements.map((e) => FEATURE_NAMES[e]);
}
