import { AnalysisResource } from './analysis.js';
import type { ApiPath, QueryOf, ResponseOf } from './api-types.js';
import { BacktestsResource } from './backtests.js';
import { BrokerConnectionsResource, OrdersResource } from './brokers.js';
import { CardsCache } from './cards-cache.js';
import { BarsResource, CorporateActionsResource, InstrumentsResource, NewsResource } from './discovery.js';
import { EventsResource } from './event-stream.js';
import { FeedResource } from './feed.js';
import type { LedgerEntry } from './ledger.js';
import { ScreenerResource, ScreensResource } from './screener.js';
import { type ClientOptions, type QueryValue, Transport } from './transport.js';
import { WebhooksResource } from './webhooks.js';

type Query = Readonly<Record<string, QueryValue>>;

/**
 * The Bellwether API client. One per API key: it paces requests under the key's burst limit, retries
 * 429/503 with full-jitter back-off honouring Retry-After, adds Idempotency-Keys to job submissions and
 * orders, caches `/cards` as the API allows, and throws typed `BellwetherProblem`s.
 */
export class Bellwether {
  private readonly transport: Transport;
  private readonly cardsCache = new CardsCache<ResponseOf<'/api/v1/cards'>>();
  readonly analysis: AnalysisResource;
  /** Backtests as jobs: `backtests.run({ setup, universe, from, to }, { onProgress })`, `quote(…)`. */
  readonly backtests: BacktestsResource;
  /** The institutional feed (Enterprise): `feed.pages(…)` and `feed.stream(…)`. */
  readonly feed: FeedResource;
  /** The account's events as they happen: `for await (const e of client.events.stream({ since })) …`. */
  readonly events: EventsResource;
  /** Webhook endpoints and their deliveries: `webhooks.create({ url, event_types })`. */
  readonly webhooks: WebhooksResource;
  /** What can be asked about: `instruments.search({ q: 'apple' })`, `instruments.get('AAPL')`. */
  readonly instruments: InstrumentsResource;
  /** Daily OHLCV: `bars.get({ ticker, from, adjust })`, or `bars.stream(…)` (NDJSON) for large pulls. */
  readonly bars: BarsResource;
  /** Splits and dividends by ex-date: `corporateActions.list({ ticker })`, `.pages(…)`. */
  readonly corporateActions: CorporateActionsResource;
  /** News with sentiment scores, newest first: `news.list({ ticker })`, `.pages(…)`. */
  readonly news: NewsResource;
  /** `screener.run({ where, sort })`: which instruments match a condition. */
  readonly screener: ScreenerResource;
  /** The account's saved screens. */
  readonly screens: ScreensResource;
  /** Linked broker accounts: `brokerConnections.create({ key_id, secret })` (the secret is write-only). */
  readonly brokerConnections: BrokerConnectionsResource;
  /** Cards as bracket orders at a linked broker: `orders.placeFromCard(cardId, { connection_id, qty })`. */
  readonly orders: OrdersResource;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.analysis = new AnalysisResource(this.transport);
    this.backtests = new BacktestsResource(this.transport);
    this.feed = new FeedResource(this.transport);
    this.events = new EventsResource(this.transport);
    this.webhooks = new WebhooksResource(this.transport);
    this.instruments = new InstrumentsResource(this.transport);
    this.bars = new BarsResource(this.transport);
    this.corporateActions = new CorporateActionsResource(this.transport);
    this.news = new NewsResource(this.transport);
    this.screener = new ScreenerResource(this.transport);
    this.screens = new ScreensResource(this.transport);
    this.brokerConnections = new BrokerConnectionsResource(this.transport);
    this.orders = new OrdersResource(this.transport);
  }

  private async get<P extends ApiPath>(path: P, query?: Query, signal?: AbortSignal): Promise<ResponseOf<P>> {
    const r = await this.transport.send<ResponseOf<P>>({
      method: 'GET',
      path: path.replace(/^\/api\/v1/, ''),
      ...(query === undefined ? {} : { query }),
      ...(signal === undefined ? {} : { signal }),
    });
    return r.body as ResponseOf<P>;
  }

  private async *ledgerEntries(after: number, signal?: AbortSignal): AsyncGenerator<LedgerEntry> {
    for (let from = after; ; ) {
      const page = await this.get('/api/v1/cards/ledger', { after: from, limit: 5000 }, signal);
      for (const e of page.entries) yield e as LedgerEntry;
      if (page.next_after === null) return;
      from = page.next_after;
    }
  }

  readonly session = {
    /** The current trading session and when its cards are published. */
    get: (signal?: AbortSignal) => this.get('/api/v1/session', undefined, signal),
  };

  readonly account = {
    /** Your plan, entitlements, limits and usage (not billed). */
    get: (signal?: AbortSignal) => this.get('/api/v1/account', undefined, signal),
  };

  readonly analytics = {
    /** Catalogue indicators per ticker over a window: `{ ticker: 'AAPL', indicators: 'rsi(14),macd(12,26,9)' }`. */
    technical: (query: QueryOf<'/api/v1/analytics/technical'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/technical', query, signal),
    /** Every indicator the technical endpoint accepts, with parameters, outputs and lookbacks. */
    catalog: (signal?: AbortSignal) => this.get('/api/v1/analytics/technical/catalog', undefined, signal),
    /** Risk metrics of daily returns: `{ ticker: 'AAPL', metrics: 'sharpe,max_drawdown,beta' }`. */
    risk: (query: QueryOf<'/api/v1/analytics/risk'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/risk', query, signal),
    /** Candlestick signals, chart patterns with their lifecycle, support and resistance. */
    patterns: (query: QueryOf<'/api/v1/analytics/patterns'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/patterns', query, signal),
    /** Daily spread and liquidity estimators; intraday measures for `date`. */
    microstructure: (query: QueryOf<'/api/v1/analytics/microstructure'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/microstructure', query, signal),
    /** Portfolio metrics, covariance, risk contributions, optimisers and the frontier: `{ holdings: 'AAPL:0.6,MSFT:0.4' }`. */
    portfolio: (query: QueryOf<'/api/v1/analytics/portfolio'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/portfolio', query, signal),
    /** News sentiment per ticker over a window, or `{ text }` scored directly. */
    sentiment: (query: QueryOf<'/api/v1/analytics/sentiment'> & Query, signal?: AbortSignal) =>
      this.get('/api/v1/analytics/sentiment', query, signal),
  };

  readonly cards = {
    /**
     * The current session's cards. Served from the cache while fresh (no request); revalidated with
     * If-None-Match once stale (a 304 is not billed).
     */
    list: async (query: QueryOf<'/api/v1/cards'> & Query = {}, signal?: AbortSignal) => {
      const url = this.transport.url('/cards', query);
      const fresh = this.cardsCache.fresh(url);
      if (fresh !== undefined) return fresh;
      const etag = this.cardsCache.etag(url);
      const r = await this.transport.send<ResponseOf<'/api/v1/cards'>>({
        method: 'GET',
        path: '/cards',
        query,
        ...(etag === undefined ? {} : { headers: { 'if-none-match': etag } }),
        ...(signal === undefined ? {} : { signal }),
      });
      return this.cardsCache.store(url, r.headers, r.body) as ResponseOf<'/api/v1/cards'>;
    },
    /** The cards' track record over a window of sessions (hit rates, average R, calibration). */
    performance: (query: QueryOf<'/api/v1/cards/performance'> & Query = {}, signal?: AbortSignal) =>
      this.get('/api/v1/cards/performance', query, signal),
    /** One card of any session with its outcome (null while open). */
    get: (cardId: string, signal?: AbortSignal) =>
      this.get(`/api/v1/cards/${encodeURIComponent(cardId)}` as '/api/v1/cards/{card_id}', undefined, signal),
    /**
     * Every ledger entry after `after` (default: from the start), page by page up to the head as it was
     * when the walk began. Feed them to `verifyLedger`.
     */
    ledger: (after = 0, signal?: AbortSignal) => this.ledgerEntries(after, signal),
    /** Forget cached cards (the next list() asks the server). */
    clearCache: () => this.cardsCache.clear(),
  };
}
