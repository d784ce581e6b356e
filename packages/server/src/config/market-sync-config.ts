import { intSetting } from './int-setting.js';
import { Secret } from './secret.js';

/** The bar providers the sync can drive, in the default fallback order. */
export const BAR_PROVIDERS = ['tiingo', 'polygon', 'alphavantage', 'stooq', 'finnhub'] as const;
export type BarProviderName = (typeof BAR_PROVIDERS)[number];

/** One bar provider as the operator configured it. */
export interface BarProviderSettings {
  readonly name: BarProviderName;
  /** Undefined for a provider without keys (Stooq). Never logged: see {@link Secret}. */
  readonly key: Secret | undefined;
  /** Undefined: the provider's documented address. */
  readonly baseUrl: string | undefined;
  /** Requests in any rolling minute, hour and day (defaults: the provider's documented free tier). */
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
  /** Requests in any second, for a provider that publishes such a limit (Finnhub: 30). */
  readonly perSecond?: number;
}

/** The news providers the sync can read, each bringing its own items (all run, no fallback). */
export const NEWS_PROVIDERS = ['sec-edgar', 'finnhub', 'tiingo', 'polygon', 'alphavantage'] as const;
export type NewsProviderName = (typeof NEWS_PROVIDERS)[number];

export interface MarketSyncConfig {
  /** Bar providers in fallback order (empty: no live data, the demo or CSV files). */
  readonly bars: readonly BarProviderSettings[];
  /**
   * News providers read by the sync (`BELLWETHER_NEWS_PROVIDERS`; default: SEC EDGAR and Finnhub when
   * configured). Tiingo (a paid add-on), Polygon and Alpha Vantage share their bar key's budget, so they
   * are opt-in.
   */
  readonly news: readonly NewsProviderName[];
  /** SEC EDGAR filings as news, when a contact `User-Agent` is set. */
  readonly secEdgar: { readonly userAgent: string; readonly baseUrl: string | undefined } | undefined;
  /** Finnhub company news, when its key is set (60 calls a minute on the free tier). */
  readonly finnhub:
    | {
        readonly key: Secret;
        readonly baseUrl: string | undefined;
        readonly perMinute: number;
        readonly perDay: number;
      }
    | undefined;
  /**
   * Alpha Vantage's LISTING_STATUS as a source of delisting dates (`BELLWETHER_ALPHA_VANTAGE_LISTINGS=on`;
   * default off): one request a sync at most, from the bar key's budget, when a followed ticker is stale.
   */
  readonly alphaVantageListings: boolean;
  /** Minutes after a session's close before its sync starts (providers finish their day's data). */
  readonly delayMinutes: number;
  /** Years of history a first backfill of a ticker brings. */
  readonly backfillYears: number;
  /**
   * The sync lease's life (`BELLWETHER_SYNC_LEASE_SECONDS`, default 90): the node running the sync renews
   * it every third of this; another node takes over a run whose holder stopped renewing (died, hung, cut
   * off) within about this long after it expires.
   */
  readonly leaseSeconds: number;
}

interface ProviderSpec {
  readonly env: string;
  /** The key's variable; undefined for a provider without keys. */
  readonly keyVar: string | undefined;
  readonly perMinute: number;
  readonly perHour: number;
  readonly perDay: number;
  readonly perSecond?: number;
  /** Only when `BELLWETHER_BAR_PROVIDERS` lists it, even with its key set (Finnhub: candles are paid). */
  readonly listedOnly?: true;
}

/**
 * Environment names and free-tier budgets (docs/market/providers.md): Tiingo 50 an hour and 1,000 a
 * day; Polygon 5 a minute; Alpha Vantage 25 a day (and 5 a minute); Stooq publishes none, so a gentle 10
 * a minute and 1,000 a day; Finnhub 60 a minute and 30 a second (its news shares the budget).
 */
const SPECS: Record<BarProviderName, ProviderSpec> = {
  tiingo: { env: 'TIINGO', keyVar: 'BELLWETHER_TIINGO_TOKEN', perMinute: 50, perHour: 50, perDay: 1_000 },
  polygon: { env: 'POLYGON', keyVar: 'BELLWETHER_POLYGON_KEY', perMinute: 5, perHour: 300, perDay: 7_200 },
  alphavantage: {
    env: 'ALPHA_VANTAGE',
    keyVar: 'BELLWETHER_ALPHA_VANTAGE_KEY',
    perMinute: 5,
    perHour: 25,
    perDay: 25,
  },
  stooq: { env: 'STOOQ', keyVar: undefined, perMinute: 10, perHour: 600, perDay: 1_000 },
  // The key is usually set for the free company news; its candles, splits and dividends are paid.
  finnhub: {
    env: 'FINNHUB',
    keyVar: 'BELLWETHER_FINNHUB_KEY',
    perSecond: 30,
    perMinute: 60,
    perHour: 3_600,
    perDay: 86_400,
    listedOnly: true,
  },
};

/**
 * The market-data sync's settings (issue #24, ADR 0067):
 * - `BELLWETHER_TIINGO_TOKEN`, `BELLWETHER_POLYGON_KEY`, `BELLWETHER_ALPHA_VANTAGE_KEY`: the operator's
 *   keys (held as {@link Secret}s);
 * - `BELLWETHER_BAR_PROVIDERS`: the fallback order, e.g. `tiingo,polygon`; default every provider with a
 *   key, in the order of {@link BAR_PROVIDERS} (Stooq, keyless, and Finnhub, whose candles are paid, only
 *   when listed; Finnhub's bars use `BELLWETHER_FINNHUB_KEY`);
 * - `BELLWETHER_<PROVIDER>_BASE_URL` (proxies, tests), `BELLWETHER_<PROVIDER>_PER_MINUTE`, `_PER_HOUR`, `_PER_DAY`;
 * - `BELLWETHER_SEC_USER_AGENT` (e.g. `Acme Research ops@acme.example`) turns on SEC EDGAR filings as news,
 *   `BELLWETHER_SEC_BASE_URL`; `BELLWETHER_FINNHUB_KEY` Finnhub company news (`_BASE_URL`, `_PER_MINUTE`,
 *   `_PER_DAY`);
 * - `BELLWETHER_ALPHA_VANTAGE_LISTINGS` (`on`/`off`, default off): Alpha Vantage's LISTING_STATUS for
 *   delisting dates, on the Alpha Vantage bar key's budget;
 * - `BELLWETHER_SYNC_DELAY_MINUTES` (default 30), `BELLWETHER_BACKFILL_YEARS` (default 20) and
 *   `BELLWETHER_SYNC_LEASE_SECONDS` (default 90).
 */
export function parseMarketSyncConfig(
  errors: string[],
  get: (name: string) => string | undefined,
): MarketSyncConfig {
  const orderRaw = get('BELLWETHER_BAR_PROVIDERS');
  let order: BarProviderName[];
  if (orderRaw === undefined) {
    order = BAR_PROVIDERS.filter((p) => {
      const { keyVar, listedOnly } = SPECS[p];
      return keyVar !== undefined && get(keyVar) !== undefined && listedOnly !== true;
    });
  } else {
    const names = orderRaw.split(',').map((s) => s.trim().toLowerCase());
    const unknown = names.filter((n) => !(BAR_PROVIDERS as readonly string[]).includes(n));
    if (unknown.length > 0 || new Set(names).size !== names.length)
      errors.push(
        `BELLWETHER_BAR_PROVIDERS must list distinct providers among ${BAR_PROVIDERS.join(', ')}; not ${orderRaw}`,
      );
    order = [...new Set(names.filter((n): n is BarProviderName => !unknown.includes(n)))];
  }
  const bars = order.map((name): BarProviderSettings => {
    const spec = SPECS[name];
    const keyRaw = spec.keyVar === undefined ? undefined : get(spec.keyVar);
    if (spec.keyVar !== undefined && keyRaw === undefined)
      errors.push(`BELLWETHER_BAR_PROVIDERS lists ${name}, which needs ${spec.keyVar}`);
    const baseUrl = get(`BELLWETHER_${spec.env}_BASE_URL`);
    if (baseUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(baseUrl))
      errors.push(`BELLWETHER_${spec.env}_BASE_URL must be an http:// or https:// URL`);
    const limit = (suffix: string, fallback: number) =>
      intSetting(
        errors,
        `BELLWETHER_${spec.env}_${suffix}`,
        get(`BELLWETHER_${spec.env}_${suffix}`) ?? String(fallback),
        1,
        10_000_000,
      );
    return {
      name,
      key: keyRaw === undefined ? undefined : new Secret(keyRaw),
      baseUrl,
      perMinute: limit('PER_MINUTE', spec.perMinute),
      perHour: limit('PER_HOUR', spec.perHour),
      perDay: limit('PER_DAY', spec.perDay),
      ...(spec.perSecond === undefined ? {} : { perSecond: spec.perSecond }),
    };
  });
  const userAgent = get('BELLWETHER_SEC_USER_AGENT');
  if (userAgent !== undefined && !/\S+@\S+\.\S+/.test(userAgent))
    errors.push('BELLWETHER_SEC_USER_AGENT must name you and give a contact e-mail, as the SEC requires');
  const secBase = get('BELLWETHER_SEC_BASE_URL');
  const finnhubKey = get('BELLWETHER_FINNHUB_KEY');
  const newsRaw = get('BELLWETHER_NEWS_PROVIDERS');
  const available: Record<NewsProviderName, boolean> = {
    'sec-edgar': userAgent !== undefined,
    finnhub: finnhubKey !== undefined,
    tiingo: bars.some((b) => b.name === 'tiingo'),
    polygon: bars.some((b) => b.name === 'polygon'),
    alphavantage: bars.some((b) => b.name === 'alphavantage'),
  };
  let news: NewsProviderName[] = (['sec-edgar', 'finnhub'] as const).filter((n) => available[n]);
  if (newsRaw !== undefined) {
    const names = newsRaw.split(',').map((x) => x.trim().toLowerCase());
    const unknown = names.filter((n) => !(NEWS_PROVIDERS as readonly string[]).includes(n));
    if (unknown.length > 0)
      errors.push(
        `BELLWETHER_NEWS_PROVIDERS must list providers among ${NEWS_PROVIDERS.join(', ')}; not ${unknown.join(', ')}`,
      );
    news = [...new Set(names.filter((n): n is NewsProviderName => !unknown.includes(n)))];
    for (const n of news.filter((x) => !available[x]))
      errors.push(
        `BELLWETHER_NEWS_PROVIDERS lists ${n}, which needs ${
          n === 'sec-edgar'
            ? 'BELLWETHER_SEC_USER_AGENT'
            : n === 'finnhub'
              ? 'BELLWETHER_FINNHUB_KEY'
              : `${n} among the bar providers (its key)`
        }`,
      );
  }
  const listingsRaw = get('BELLWETHER_ALPHA_VANTAGE_LISTINGS') ?? 'off';
  if (listingsRaw !== 'on' && listingsRaw !== 'off')
    errors.push(`BELLWETHER_ALPHA_VANTAGE_LISTINGS must be on or off; not ${listingsRaw}`);
  if (listingsRaw === 'on' && !available.alphavantage)
    errors.push(
      'BELLWETHER_ALPHA_VANTAGE_LISTINGS=on needs alphavantage among the bar providers (BELLWETHER_ALPHA_VANTAGE_KEY)',
    );
  const finnhubBase = get('BELLWETHER_FINNHUB_BASE_URL');
  // Finnhub's base URL was checked with the bar providers when it is one.
  const finnhubChecked = bars.some((b) => b.name === 'finnhub');
  for (const [name, url] of [
    ['BELLWETHER_SEC_BASE_URL', secBase],
    ['BELLWETHER_FINNHUB_BASE_URL', finnhubChecked ? undefined : finnhubBase],
  ] as const)
    if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url))
      errors.push(`${name} must be an http:// or https:// URL`);
  return {
    bars,
    news,
    secEdgar: userAgent === undefined ? undefined : { userAgent, baseUrl: secBase },
    alphaVantageListings: listingsRaw === 'on' && available.alphavantage,
    finnhub:
      finnhubKey === undefined
        ? undefined
        : {
            key: new Secret(finnhubKey),
            baseUrl: finnhubBase,
            perMinute: intSetting(
              errors,
              'BELLWETHER_FINNHUB_PER_MINUTE',
              get('BELLWETHER_FINNHUB_PER_MINUTE') ?? '60',
              1,
              10_000_000,
            ),
            perDay: intSetting(
              errors,
              'BELLWETHER_FINNHUB_PER_DAY',
              get('BELLWETHER_FINNHUB_PER_DAY') ?? '86400',
              1,
              10_000_000,
            ),
          },
    delayMinutes: intSetting(
      errors,
      'BELLWETHER_SYNC_DELAY_MINUTES',
      get('BELLWETHER_SYNC_DELAY_MINUTES') ?? '30',
      0,
      720,
    ),
    backfillYears: intSetting(
      errors,
      'BELLWETHER_BACKFILL_YEARS',
      get('BELLWETHER_BACKFILL_YEARS') ?? '20',
      1,
      60,
    ),
    leaseSeconds: intSetting(
      errors,
      'BELLWETHER_SYNC_LEASE_SECONDS',
      get('BELLWETHER_SYNC_LEASE_SECONDS') ?? '90',
      3,
      3600,
    ),
  };
}

/** The setting that holds a bar provider's key (`BELLWETHER_TIINGO_TOKEN`…); undefined for one without keys. */
export function providerKeySetting(provider: string): string | undefined {
  return (BAR_PROVIDERS as readonly string[]).includes(provider)
    ? SPECS[provider as BarProviderName].keyVar
    : undefined;
}

/** No live data: what `parseMarketSyncConfig` gives for an environment without provider settings. */
export const NO_MARKET_SYNC: MarketSyncConfig = parseMarketSyncConfig([], () => undefined);
