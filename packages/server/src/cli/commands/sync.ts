import type { Command } from 'commander';
import { providerKeySetting } from '../../config/market-sync-config.js';
import { type KeyRefusal, runMarketSync } from '../../market/sync/run-market-sync.js';
import type { TickerSync } from '../../market/sync/sync-daily-bars.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';
import { withPlatform } from '../with-platform.js';
import { parseTickerList } from './ticker-list.js';

interface SyncOptions {
  tickers?: string;
  from?: string;
  provider?: string;
  asOf?: string;
  json?: boolean;
}

const n = (x: number) => x.toLocaleString('en-US');

/** One line per ticker: what arrived, or why not. */
function tickerLine(t: TickerSync): string {
  if (t.outcome === 'synced')
    return (
      `${t.ticker}: ${n(t.bars.inserted)} new bars, ${n(t.bars.updated)} revised, ${n(t.actions.inserted + t.actions.updated)} actions from ${t.provider} (through ${t.through})` +
      t.warnings.map((w) => `\n  warning: ${w}`).join('')
    );
  return `${t.ticker}: ${t.outcome.replace('_', ' ')}: ${t.reason}`;
}

/** Exit code of a sync in which a provider refused its key (1: tickers failed; 2: tickers not reached). */
const KEY_REFUSED_EXIT = 3;

/** What a refused key means and what to change: not a busy provider, waiting will not help. */
function refusalText(refused: readonly KeyRefusal[]): string {
  return refused
    .map((r) => {
      const setting = providerKeySetting(r.provider);
      return `${r.provider} refused the key (${r.status ?? ''} ${r.reason}): it is wrong, revoked${
        r.reason === 'forbidden' ? ' or its plan lacks this data' : ''
      }; set a valid key${setting === undefined ? '' : ` in ${setting}`} (docs/operating.md)`;
    })
    .join('; ');
}

export function registerSync(program: Command): void {
  program
    .command('sync')
    .description(
      "bring the universe's daily bars and corporate actions up to the last closed session from the configured providers (resumable; docs/market/providers.md)",
    )
    .option('--tickers <list>', 'comma-separated tickers instead of the universe')
    .option(
      '--from <date>',
      're-sync every ticker from this date (default: from each checkpoint, or a backfill)',
    )
    .option('--provider <name>', 'only this provider (tiingo, polygon, alphavantage, stooq, finnhub)')
    .option('--as-of <instant>', 'run as if it were this ISO-8601 instant (also BELLWETHER_AS_OF)')
    .option('--json', 'JSON summary')
    .action(async (opts: SyncOptions) => {
      const out = createOutput(opts.json === true);
      if (opts.from !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.from))
        return out.fail('invalid_arguments', '--from must be a date such as 2015-06-01');
      const tickers = opts.tickers === undefined ? undefined : parseTickerList(opts.tickers);
      if (tickers !== undefined && !tickers.ok)
        return out.fail('invalid_arguments', `--tickers: ${tickers.message}`);
      const config = loadConfigOrExit(opts.asOf === undefined ? {} : { asOf: opts.asOf });
      const started = performance.now();
      await withPlatform(
        async (p) => {
          const r = await runMarketSync(
            {
              config: config.market,
              market: p.market,
              state: p.syncState,
              now: () => p.clock.now(),
              events: p.storage.events,
            },
            {
              ...(tickers === undefined ? {} : { tickers: tickers.tickers }),
              ...(opts.from === undefined ? {} : { from: opts.from }),
              ...(opts.provider === undefined ? {} : { provider: opts.provider.toLowerCase() }),
              onTicker: (t, done, of) => out.info(`[${done}/${of}] ${tickerLine(t)}`),
            },
          );
          if (!r.ok) return out.fail(r.reason, r.message);
          const c = r.counts;
          const seconds = Math.round(performance.now() - started) / 1000;
          const remaining =
            r.refused.length > 0
              ? ` ${c.not_reached} not reached: ${refusalText(r.refused)}.`
              : c.not_reached > 0
                ? ` ${c.not_reached} not reached (budget spent or provider unavailable): run again later; at ${n(r.estimate.per_day)} requests a day this backfill needs about ${r.estimate.days} day(s).`
                : '';
          const filings = r.news.filter((x) => x.outcome === 'synced');
          const newsText =
            r.news.length === 0
              ? ''
              : ` News: ${filings.reduce((a, x) => a + (x.outcome === 'synced' ? x.items.inserted : 0), 0)} new items for ${new Set(filings.map((x) => x.ticker)).size} tickers.`;
          const retiredText =
            r.retired_synthetic === 0
              ? ''
              : ` The synthetic demo market (${r.retired_synthetic} tickers) is retired now that real data arrive.`;
          const referenceText =
            r.reference_updated.length === 0
              ? ''
              : ` Reference data completed ${r.reference_updated.length} instruments (name, listing, sector).`;
          out.result(
            { ...r, seconds },
            `sync to ${r.target} from ${r.providers.join(' → ')} (${r.universe} universe, ${r.tickers} tickers): ` +
              `${c.synced} synced, ${c.up_to_date} already up to date, ${c.no_data} without data, ` +
              `${c.unknown_symbol} unknown, ${c.failed} failed (${seconds.toFixed(1)} s).${remaining}${newsText}${referenceText}${retiredText}`,
          );
          if (r.refused.length > 0) process.exitCode = KEY_REFUSED_EXIT;
          else if (c.failed + c.unknown_symbol > 0) process.exitCode = 1;
          else if (c.not_reached > 0) process.exitCode = 2;
        },
        { config, creates: true },
      );
    });
}
