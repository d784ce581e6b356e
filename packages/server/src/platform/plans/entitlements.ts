/** Every entitlement a plan can grant; routes declare which one they need. */
export const ENTITLEMENTS = [
  'cards',
  'session',
  'account',
  'basic_analytics',
  'analysis',
  'technical',
  'risk',
  'sentiment',
  'patterns',
  'microstructure',
  'portfolio',
  'institutional_feed',
  'instruments',
  'bars',
  'corporate_actions',
  'fundamentals',
  'news',
  'screener',
  'brokers',
  'brokers_live',
  'quotes',
  'quotes_realtime',
] as const;

export type Entitlement = (typeof ENTITLEMENTS)[number];
