import { createHash } from 'node:crypto';
import type { BarProviderSettings, MarketSyncConfig } from '../../config/market-sync-config.js';
import { AlphaVantageProvider } from '../providers/alpha-vantage/alpha-vantage-provider.js';
import { FinnhubProvider } from '../providers/finnhub/finnhub-provider.js';
import { PolygonProvider } from '../providers/polygon/polygon-provider.js';
import type { MarketDataProvider } from '../providers/provider.js';
import { ProviderBudget } from '../providers/provider-budget.js';
import { StooqProvider } from '../providers/stooq/stooq-provider.js';
import { TiingoProvider } from '../providers/tiingo/tiingo-provider.js';
import type { SyncStateRepo } from '../store/sync-state-repo.js';
import type { BarSource } from './sync-daily-bars.js';

/** A bar source with where its budget is persisted and what one ticker costs it in requests. */
export interface ConfiguredSource extends BarSource {
  readonly settings: BarProviderSettings;
  /** `provider` or `provider:<first 12 hex of the key's SHA-256>`: a budget per provider and key. */
  readonly budgetId: string;
  readonly requestsPerTicker: number;
}

/** The first 12 hex digits of a key's SHA-256: names its budget without revealing it. */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

function adapter(s: BarProviderSettings): MarketDataProvider {
  const key = s.key?.reveal() ?? '';
  switch (s.name) {
    case 'tiingo':
      return new TiingoProvider(key, s.baseUrl);
    case 'polygon':
      return new PolygonProvider(key, s.baseUrl);
    case 'alphavantage':
      return new AlphaVantageProvider(key, s.baseUrl);
    case 'stooq':
      return new StooqProvider(s.baseUrl);
    case 'finnhub':
      return new FinnhubProvider(key, s.baseUrl);
  }
}

/**
 * The configured bar providers in fallback order (only `only` when given), each with its key's budget as
 * the last runs left it: requests of the last 24 h and any pause asked for are restored from the store,
 * so neither a restart nor a second command spends a day's allowance twice.
 */
export async function barSources(
  config: MarketSyncConfig,
  state: SyncStateRepo,
  only?: string,
): Promise<ConfiguredSource[]> {
  const out: ConfiguredSource[] = [];
  for (const settings of config.bars) {
    if (only !== undefined && settings.name !== only) continue;
    const budgetId =
      settings.key === undefined ? settings.name : `${settings.name}:${keyHash(settings.key.reveal())}`;
    const budget = new ProviderBudget({
      perMinute: settings.perMinute,
      perHour: settings.perHour,
      perDay: settings.perDay,
      ...(settings.perSecond === undefined ? {} : { perSecond: settings.perSecond }),
    });
    const saved = await state.loadBudget(budgetId);
    if (saved !== undefined) budget.restore(saved);
    out.push({
      provider: adapter(settings),
      budget,
      settings,
      budgetId,
      // Polygon and Finnhub answer bars, splits and dividends from three endpoints.
      requestsPerTicker: settings.name === 'polygon' || settings.name === 'finnhub' ? 3 : 1,
    });
  }
  return out;
}
