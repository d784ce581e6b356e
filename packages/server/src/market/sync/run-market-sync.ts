import { hostname } from 'node:os';
import type { MarketSyncConfig } from '../../config/market-sync-config.js';
import type { EventsRepo } from '../../db/repositories.js';
import { AlphaVantageListings } from '../providers/alpha-vantage/alpha-vantage-listings.js';
import type { RetryPolicy, Scheduler } from '../providers/call-provider.js';
import { FinnhubNews } from '../providers/finnhub/finnhub-news.js';
import type { NewsProvider, ReferenceProvider } from '../providers/provider.js';
import { ProviderBudget } from '../providers/provider-budget.js';
import { SecEdgarFilings } from '../providers/sec-edgar/sec-edgar-filings.js';
import { SEC_BUDGET } from '../providers/sec-edgar/sec-fair-access.js';
import { instrumentCalendar, knownThrough } from '../store/known-through.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { SyncStateRepo } from '../store/sync-state-repo.js';
import type { Instrument } from '../store/types.js';
import { barSources, type ConfiguredSource, keyHash } from './bar-sources.js';
import { DEFAULT_UNIVERSE } from './default-universe.js';
import { planSync } from './plan-sync.js';
import { referenceAsks } from './reference-asks.js';
import { freshEvents, staleEvents, staleMark } from './stale-events.js';
import { syncDailyBars, type TickerSync } from './sync-daily-bars.js';
import { type NewsSync, syncNews } from './sync-news.js';
import { type ReferenceSource, syncReference } from './sync-reference.js';

export interface MarketSyncDeps {
  readonly config: MarketSyncConfig;
  readonly market: MarketDataRepo;
  readonly state: SyncStateRepo;
  readonly now: () => Date;
  /** Where `data.stale` events go (absent: none, e.g. the CLI without a server). */
  readonly events?: Pick<EventsRepo, 'append'>;
}

export interface MarketSyncOptions {
  /** These tickers instead of the universe. */
  readonly tickers?: readonly string[];
  /** Re-sync every ticker from this date (default: incremental from each checkpoint, or a backfill). */
  readonly from?: string;
  /** Only this provider. */
  readonly provider?: string;
  readonly onTicker?: (t: TickerSync, done: number, of: number) => void;
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}

/** A provider that refused its key, and how (`forbidden`: a 403, the key lacks the plan or endpoint). */
export interface KeyRefusal {
  readonly provider: string;
  readonly reason: 'unauthorized' | 'forbidden';
  readonly status: number | null;
}

/** Where the tickers of a sync came from. */
export type UniverseOrigin = 'tickers' | 'universe' | 'stored' | 'default';

export type MarketSyncResult =
  | { readonly ok: false; readonly reason: 'no_provider' | 'busy'; readonly message: string }
  | {
      readonly ok: true;
      /** The last session closed: what a complete sync reaches. */
      readonly target: string;
      readonly providers: readonly string[];
      readonly universe: UniverseOrigin;
      readonly tickers: number;
      readonly up_to_date: readonly string[];
      readonly results: readonly TickerSync[];
      /** News per ticker and provider (SEC EDGAR filings, Finnhub articles), when configured. */
      readonly news: readonly NewsSync[];
      /** Instruments whose name, listing, sector, industry or listing status reference data completed in this run. */
      readonly reference_updated: readonly string[];
      /** Synthetic demo instruments marked inactive now that real data arrive. */
      readonly retired_synthetic: number;
      readonly counts: Readonly<Record<TickerSync['outcome'] | 'up_to_date', number>>;
      /**
       * Providers that refused their key in this run (HTTP 401 `unauthorized`, 403 `forbidden`): not a busy
       * provider — the key is wrong, revoked or lacks the plan — so waiting will not help (ADR 0084).
       */
      readonly refused: readonly KeyRefusal[];
      /** What the planned tickers cost the first provider, and the days its daily budget needs for them. */
      readonly estimate: { readonly requests: number; readonly per_day: number; readonly days: number };
    };

/** The lease that keeps syncs one at a time across processes and machines. */
export const SYNC_LEASE = 'market-sync';
/** Waits the sync accepts: an hour's window yes, a spent day no (it reports the tickers not reached). */
const SYNC_POLICY: RetryPolicy = { attempts: 5, baseMs: 1_000, capMs: 60_000, maxWaitMs: 65 * 60_000 };
/**
 * Reference data are best effort: a provider whose budget is not free within seconds (its hour spent on
 * bars) is left for the next sync rather than waited for.
 */
const REFERENCE_POLICY: RetryPolicy = { ...SYNC_POLICY, attempts: 2, maxWaitMs: 5_000 };

/**
 * One market-data sync (issue #24, ADR 0067): the universe's daily bars and corporate actions brought to
 * the last closed session from the configured providers in fallback order, resumable (per-ticker
 * checkpoints in the data's transaction), inside each key's persisted budget, and never two at a time
 * (a lease in the database; a holder that dies loses it when it expires, and the next run finishes
 * what it left, since nothing is half-written).
 */
export async function runMarketSync(
  deps: MarketSyncDeps,
  options: MarketSyncOptions = {},
): Promise<MarketSyncResult> {
  const sources = await barSources(deps.config, deps.state, options.provider);
  if (sources.length === 0)
    return {
      ok: false,
      reason: 'no_provider',
      message:
        options.provider === undefined
          ? 'no market-data provider is configured: set BELLWETHER_TIINGO_TOKEN, BELLWETHER_POLYGON_KEY or BELLWETHER_ALPHA_VANTAGE_KEY (docs/market/providers.md)'
          : `provider ${options.provider} is not configured (configured: ${deps.config.bars.map((b) => b.name).join(', ') || 'none'})`,
    };
  const holder = `${hostname()}|${process.pid}|${Math.random().toString(36).slice(2, 10)}`;
  // A holder renews its lease every third of its life; one that stops loses it that long after its last renewal.
  const leaseMs = deps.config.leaseSeconds * 1000;
  if (!(await takeLease(deps, holder, leaseMs))) {
    const other = await deps.state.leaseHolder(SYNC_LEASE);
    return {
      ok: false,
      reason: 'busy',
      message: `another sync is running (${other?.holder ?? 'unknown'}, lease until ${
        other === undefined ? '?' : new Date(other.expiresAt).toISOString()
      })`,
    };
  }
  const heartbeat = setInterval(() => {
    deps.state.acquireLease(SYNC_LEASE, holder, leaseMs).catch(() => {
      // A missed renewal is retried at the next beat; the lease outlives two of them.
    });
  }, leaseMs / 3);
  heartbeat.unref();
  const wallClock = () => options.scheduler?.now() ?? Date.now();
  try {
    const { tickers, origin } = await syncUniverse(deps, options.tickers);
    const target = knownThrough(instrumentCalendar('XNYS'), deps.now());
    const through = new Map(
      [...(await deps.state.furthestCheckpoints('bars')).values()].map((c) => [c.ticker, c.through]),
    );
    const { plan, upToDate } = planSync({
      tickers,
      through,
      target,
      backfillYears: deps.config.backfillYears,
      ...(options.from === undefined ? {} : { from: options.from }),
    });
    const first = sources[0] as (typeof sources)[number];
    const requests = plan.length * first.requestsPerTicker;
    const refused: KeyRefusal[] = [];
    const results = await syncDailyBars({
      onRefused: (provider, status) => {
        if (!refused.some((r) => r.provider === provider))
          refused.push({
            provider,
            reason: status === 403 ? 'forbidden' : 'unauthorized',
            status: status ?? null,
          });
      },
      sources,
      repo: deps.market,
      plan,
      policy: SYNC_POLICY,
      onTicker: async (t, done, of) => {
        // Spending is saved after each ticker: a crash forgets at most the current ticker's requests.
        for (const s of sources) await deps.state.saveBudget(s.budgetId, s.budget.state(wallClock()));
        options.onTicker?.(t, done, of);
      },
      ...(options.scheduler === undefined ? {} : { scheduler: options.scheduler }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const sec = secEdgar(deps);
    const news = await syncAllNews(deps, sec, sources, tickers, target, options);
    // Names, listings, sectors and industries for instruments the sync created bare: EDGAR first (free;
    // its SIC code as the sector), then bar providers with reference data (Tiingo: name and listing), then
    // Alpha Vantage's LISTING_STATUS when turned on (delisting dates for stale tickers, one request).
    const stale = new Set(
      results
        .filter((r) => r.outcome === 'no_data' || (r.outcome === 'synced' && r.through < target))
        .map((r) => r.ticker),
    );
    const completed = await syncReference({
      sources: [
        ...(sec === undefined ? [] : [sec]),
        ...sources.flatMap((s) =>
          isReferenceProvider(s.provider) ? [{ provider: s.provider, budget: s.budget }] : [],
        ),
        ...listingStatus(deps.config, sources),
      ],
      repo: deps.market,
      tickers,
      stale,
      lastBars: await lastBars(deps, stale),
      ...(await referenceAsks(deps, target)),
      policy: REFERENCE_POLICY,
      ...(options.scheduler === undefined ? {} : { scheduler: options.scheduler }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    for (const s of sources) await deps.state.saveBudget(s.budgetId, s.budget.state(wallClock()));
    await reportFreshness(deps, results, upToDate, target);
    const retired = results.some((r) => r.outcome === 'synced') ? await retireSynthetic(deps.market) : [];
    const counts = {
      synced: 0,
      no_data: 0,
      unknown_symbol: 0,
      failed: 0,
      not_reached: 0,
      up_to_date: upToDate.length,
    };
    for (const r of results) counts[r.outcome]++;
    return {
      ok: true,
      target,
      providers: sources.map((s) => s.provider.name),
      universe: origin,
      tickers: tickers.length,
      up_to_date: upToDate,
      results,
      news,
      reference_updated: completed,
      retired_synthetic: retired.length,
      counts,
      refused,
      estimate: {
        requests,
        per_day: first.settings.perDay,
        days: Math.ceil(requests / first.settings.perDay),
      },
    };
  } finally {
    clearInterval(heartbeat);
    // Stopped mid-run (a shutdown): the lease is left expired, not released, so another node's watch
    // takes the unfinished run over now rather than at the next close (ADR 0084).
    if (options.signal?.aborted === true) await deps.state.abandonLease(SYNC_LEASE, holder);
    else await deps.state.releaseLease(SYNC_LEASE, holder);
  }
}

/**
 * Tells customers which tickers are behind (`data.stale`, with a reason code and the last bar stored) and
 * which caught up since (`data.fresh`), and keeps the marks /instruments reads. Events first, then the
 * marks: a crash between repeats the events at the next run, where their dedupe keys drop them.
 */
async function reportFreshness(
  deps: MarketSyncDeps,
  results: readonly TickerSync[],
  upToDate: readonly string[],
  target: string,
): Promise<void> {
  const behind = results.filter((r) => !(r.outcome === 'synced' && r.through >= target));
  const last = await lastBars(deps, new Set(behind.map((r) => r.ticker)));
  const marks = behind.map((r) => staleMark(r, target, last.get(r.ticker)));
  const arrived = [
    ...results.flatMap((r) =>
      r.outcome === 'synced' && r.through >= target
        ? [{ ticker: r.ticker, through: r.through, provider: r.provider }]
        : [],
    ),
    ...upToDate.map((ticker) => ({ ticker, through: target, provider: null })),
  ];
  const was = await deps.state.staleMarks(arrived.map((a) => a.ticker));
  await deps.events?.append([...staleEvents(marks), ...freshEvents(arrived, was, target)]);
  await deps.state.markStale(marks.map(({ provider: _, ...m }) => m));
  await deps.state.clearStale([...was.keys()]);
}

/**
 * The sync lease for `holder`: free, expired, or held by a process of this machine that no longer
 * exists (a sync killed mid-run: its work is safe, per-ticker transactions, and the lease need not wait
 * out its expiry).
 */
async function takeLease(deps: MarketSyncDeps, holder: string, leaseMs: number): Promise<boolean> {
  if (await deps.state.acquireLease(SYNC_LEASE, holder, leaseMs)) return true;
  const other = await deps.state.leaseHolder(SYNC_LEASE);
  if (other === undefined) return deps.state.acquireLease(SYNC_LEASE, holder, leaseMs);
  const [host, pid] = other.holder.split('|');
  if (host !== hostname() || pid === undefined || processAlive(Number(pid))) return false;
  return deps.state.acquireLease(SYNC_LEASE, holder, leaseMs, other.holder);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const isReferenceProvider = (p: object): p is ReferenceProvider =>
  typeof (p as Partial<ReferenceProvider>).reference === 'function';

/**
 * Alpha Vantage's LISTING_STATUS (delisted listings) when `BELLWETHER_ALPHA_VANTAGE_LISTINGS=on`, on the
 * Alpha Vantage bar source's key and budget (the same object, so its spending is saved with the bars').
 */
function listingStatus(config: MarketSyncConfig, bars: readonly ConfiguredSource[]): ReferenceSource[] {
  const av = bars.find((b) => b.settings.name === 'alphavantage');
  if (!config.alphaVantageListings || av === undefined) return [];
  return [
    {
      provider: new AlphaVantageListings(av.settings.key?.reveal() ?? '', av.settings.baseUrl),
      budget: av.budget,
    },
  ];
}

/** The stale tickers' last stored bars (a delisting a provider dates before one is an earlier listing's). */
async function lastBars(
  deps: MarketSyncDeps,
  stale: ReadonlySet<string>,
): Promise<ReadonlyMap<string, string>> {
  if (stale.size === 0) return new Map();
  return new Map(
    (await deps.market.freshness(deps.now())).flatMap((f) =>
      stale.has(f.ticker) && f.last_bar !== null ? [[f.ticker, f.last_bar] as const] : [],
    ),
  );
}

/** SEC EDGAR (filings as news, and reference data) with its budget, when configured. */
function secEdgar(deps: MarketSyncDeps): { provider: SecEdgarFilings; budget: ProviderBudget } | undefined {
  const sec = deps.config.secEdgar;
  if (sec === undefined) return undefined;
  return {
    provider: new SecEdgarFilings(
      sec.userAgent,
      sec.baseUrl === undefined ? undefined : { www: sec.baseUrl, data: sec.baseUrl },
    ),
    budget: new ProviderBudget(SEC_BUDGET),
  };
}

/**
 * The configured news providers in order, each with its key's budget as the last runs left it; Polygon
 * and Alpha Vantage share their bar source (its budget is the same key's).
 */
async function newsSources(
  deps: MarketSyncDeps,
  sec: ReturnType<typeof secEdgar>,
  bars: readonly ConfiguredSource[],
): Promise<{ provider: NewsProvider; budget: ProviderBudget; budgetId: string | undefined }[]> {
  const out: { provider: NewsProvider; budget: ProviderBudget; budgetId: string | undefined }[] = [];
  for (const name of deps.config.news) {
    if (name === 'sec-edgar' && sec !== undefined) out.push({ ...sec, budgetId: undefined });
    const finnhub = deps.config.finnhub;
    // Finnhub's news shares its bars' budget when Finnhub is also a bar source (one key, one limit).
    const finnhubBars = bars.find((b) => b.provider.name === 'finnhub');
    if (name === 'finnhub' && finnhub !== undefined && finnhubBars !== undefined)
      out.push({
        provider: new FinnhubNews(finnhub.key.reveal(), finnhub.baseUrl),
        budget: finnhubBars.budget,
        budgetId: finnhubBars.budgetId,
      });
    else if (name === 'finnhub' && finnhub !== undefined) {
      const budgetId = `finnhub:${keyHash(finnhub.key.reveal())}`;
      const budget = new ProviderBudget({ perMinute: finnhub.perMinute, perDay: finnhub.perDay });
      const saved = await deps.state.loadBudget(budgetId);
      if (saved !== undefined) budget.restore(saved);
      out.push({ provider: new FinnhubNews(finnhub.key.reveal(), finnhub.baseUrl), budget, budgetId });
    }
    const bar = bars.find((b) => b.provider.name === name);
    if (bar !== undefined && isNewsProvider(bar.provider))
      out.push({ provider: bar.provider, budget: bar.budget, budgetId: bar.budgetId });
  }
  return out;
}

const isNewsProvider = (p: object): p is NewsProvider =>
  typeof (p as Partial<NewsProvider>).news === 'function';

/**
 * News for `tickers` through `target` from every configured news provider (SEC filings, Finnhub articles:
 * different content, so all of them rather than a fallback), incremental from each provider's checkpoint.
 */
async function syncAllNews(
  deps: MarketSyncDeps,
  sec: ReturnType<typeof secEdgar>,
  bars: readonly ConfiguredSource[],
  tickers: readonly string[],
  target: string,
  options: MarketSyncOptions,
): Promise<readonly NewsSync[]> {
  const out: NewsSync[] = [];
  const checkpoints = await deps.state.checkpoints('news');
  for (const source of await newsSources(deps, sec, bars)) {
    const through = new Map(
      checkpoints.filter((c) => c.provider === source.provider.name).map((c) => [c.ticker, c.through]),
    );
    const { plan } = planSync({
      tickers,
      through,
      target,
      backfillYears: deps.config.backfillYears,
      ...(options.from === undefined ? {} : { from: options.from }),
    });
    out.push(
      ...(await syncNews({
        provider: source.provider,
        budget: source.budget,
        repo: deps.market,
        plan,
        policy: SYNC_POLICY,
        ...(options.scheduler === undefined ? {} : { scheduler: options.scheduler }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      })),
    );
    if (source.budgetId !== undefined)
      await deps.state.saveBudget(
        source.budgetId,
        source.budget.state(options.scheduler?.now() ?? Date.now()),
      );
  }
  return out;
}

/** An instrument the sync follows when the operator named no universe: active, real, not an index. */
export const followedByDefault = (i: Instrument): boolean =>
  i.active && i.source !== 'synthetic' && i.asset_class !== 'index';

/**
 * Marks the synthetic demo market's instruments inactive once real data arrive (a demo install that got
 * a provider key): fictional tickers must not mix with real ones in cards, peers or freshness. Their
 * rows and bars stay.
 */
async function retireSynthetic(market: MarketDataRepo): Promise<readonly string[]> {
  const synthetic = (await market.listInstruments()).filter((i) => i.active && i.source === 'synthetic');
  if (synthetic.length > 0)
    await market.write({ source: 'synthetic', instruments: synthetic.map((i) => ({ ...i, active: false })) });
  return synthetic.map((i) => i.ticker);
}

/**
 * The tickers to follow: those named, else the operator's universe, else the real (non-synthetic)
 * instruments stored, else the default universe, whose names and sectors then seed the instrument master.
 */
async function syncUniverse(
  deps: MarketSyncDeps,
  named: readonly string[] | undefined,
): Promise<{ tickers: readonly string[]; origin: UniverseOrigin }> {
  if (named !== undefined && named.length > 0) return { tickers: named, origin: 'tickers' };
  const universe = await deps.state.universe();
  if (universe.length > 0) {
    // A listing a provider reported ended stays in the operator's list but is no longer synced.
    const ended = new Set(
      (await deps.market.listInstruments()).filter((i) => !i.active).map((i) => i.ticker),
    );
    return { tickers: universe.filter((t) => !ended.has(t)), origin: 'universe' };
  }
  const stored = (await deps.market.listInstruments()).filter(followedByDefault).map((i) => i.ticker);
  if (stored.length > 0) return { tickers: stored, origin: 'stored' };
  await deps.market.write({ source: 'default-universe', ensureInstruments: DEFAULT_UNIVERSE });
  return { tickers: DEFAULT_UNIVERSE.map((i) => i.ticker), origin: 'default' };
}
