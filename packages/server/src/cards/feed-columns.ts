import type { FeedDataset } from '../db/records.js';

/** The universe a snapshot's session drew from (ADR 0088); empty in rows recorded before it was stated. */
const UNIVERSE_COLUMNS = [
  'universe.kind',
  'universe.source',
  'universe.members_on_day.date',
  'universe.members_on_day.members',
  'universe.members_on_day.with_data',
  'universe.members_on_day.without_intervals',
  'universe.tickers',
] as const;

/**
 * The CSV columns of each feed dataset: paths into its records (dotted for nested fields), in order. The
 * JSON and NDJSON forms carry the whole record; CSV carries these, so its header never depends on the rows.
 */
export const FEED_COLUMNS: Readonly<Record<FeedDataset, readonly string[]>> = {
  cards: [
    'id',
    'session',
    'asset.ticker',
    'asset.name',
    'direction',
    'setup',
    'entry_zone.low',
    'entry_zone.high',
    't1',
    't2',
    'stop',
    'conviction.score',
    'conviction.label',
    'risk_reward.t1',
    'risk_reward.t2',
    'published_at',
    'expires_at',
    'data_as_of',
    'thesis',
    'outcome.status',
    'outcome.t1_before_stop',
    'outcome.fill_price',
    'outcome.fill_session',
    'outcome.outcome_session',
    'outcome.r_multiple',
    'outcome.mfe_r',
    'outcome.mae_r',
    'outcome.recorded_at',
  ],
  signals: [
    'session',
    'ticker',
    'data_through',
    'close',
    'trend.close_vs_sma200',
    'trend.ema20_vs_ema50',
    'trend.adx14',
    'trend.regime',
    'momentum.rsi14',
    'momentum.return_21d',
    'momentum.return_63d',
    'momentum.return_252d',
    'volatility.atr14_pct',
    'volatility.realized_vol_20d',
    'volatility.bb_width',
    'liquidity.dollar_volume_20d',
    'liquidity.volume_ratio',
    'sentiment.news_7d',
    'sentiment.mean_score_7d',
    ...UNIVERSE_COLUMNS,
  ],
  analytics: [
    'session',
    'ticker',
    'data_through',
    'returns',
    'benchmark',
    'benchmark_choice.reason',
    'risk.annual_return',
    'risk.annual_volatility',
    'risk.sharpe',
    'risk.sortino',
    'risk.max_drawdown',
    'risk.var',
    'risk.cvar',
    'risk.beta',
    'risk.correlation',
    'liquidity.amihud_21d',
    'liquidity.corwin_schultz_21d',
    ...UNIVERSE_COLUMNS,
  ],
};

/** One CSV field: quoted when it holds a comma, quote or line break; null and absent are empty. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The value at a dotted path, or undefined. */
export function pathValue(record: unknown, path: string): unknown {
  let v: unknown = record;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}
