import type { Command } from 'commander';
import { EdgarCompanyFacts } from '../../market/fundamentals/edgar-company-facts.js';
import { syncFundamentals } from '../../market/fundamentals/sync-fundamentals.js';
import { ProviderBudget } from '../../market/providers/provider-budget.js';
import { SEC_BUDGET } from '../../market/providers/sec-edgar/sec-fair-access.js';
import { createOutput, table } from '../output.js';
import { withPlatform } from '../with-platform.js';
import { parseTickerList } from './ticker-list.js';

/**
 * `bellwether fundamentals sync [tickers…]` (issue #44, ADR 0103): reads each ticker's XBRL company facts
 * from SEC EDGAR (BELLWETHER_SEC_USER_AGENT, BELLWETHER_SEC_BASE_URL) inside SEC's fair-access budget and
 * stores every filing's value of the standard items (the followed universe when no ticker is named). A
 * ticker that fails is reported with its reason; the others are stored.
 */
export function registerFundamentals(program: Command): void {
  const fundamentals = program.command('fundamentals').description('fundamentals from SEC EDGAR filings');
  fundamentals
    .command('sync')
    .description('read tickers’ company facts from SEC EDGAR and store what is new (the universe by default)')
    .argument('[tickers...]', 'tickers, space- or comma-separated')
    .option('--json', 'JSON output')
    .action(async (args: string[], opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(
        async (p) => {
          const sec = p.config.market.secEdgar;
          if (sec === undefined)
            return out.fail(
              'not_configured',
              'SEC EDGAR is not configured: set BELLWETHER_SEC_USER_AGENT to your name and a contact e-mail, as the SEC requires',
            );
          const list =
            args.length > 0
              ? parseTickerList(...args)
              : { ok: true as const, tickers: await p.syncState.universe() };
          if (!list.ok) return out.fail('invalid_arguments', list.message);
          if (list.tickers.length === 0)
            return out.fail('invalid_arguments', 'name the tickers to read (the universe is empty)');
          const outcomes = await syncFundamentals(list.tickers, {
            source: new EdgarCompanyFacts(
              sec.userAgent,
              sec.baseUrl === undefined ? undefined : { www: sec.baseUrl, data: sec.baseUrl },
            ),
            budget: new ProviderBudget(SEC_BUDGET),
            store: p.storage.fundamentalFacts,
          });
          const failed = outcomes.filter((o) => 'error' in o).length;
          out.result(
            { tickers: outcomes },
            `${table(
              ['TICKER', 'FACTS', 'NEW', 'ERROR'],
              outcomes.map((o) =>
                'error' in o
                  ? [o.ticker, '-', '-', o.error]
                  : [o.ticker, String(o.facts), String(o.added), ''],
              ),
            )}\n${outcomes.length - failed} read, ${failed} failed.`,
          );
        },
        { creates: true },
      );
    });
}
