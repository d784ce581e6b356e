import type { Command } from 'commander';
import { createOutput } from '../output.js';
import { withPlatform } from '../with-platform.js';

/**
 * `bellwether rebuild-bar-blocks [TICKER…]`: rebuilds the year blocks an embedded (SQLite) store reads
 * histories from, after bars were changed other than through Bellwether (an operator's SQL on
 * `daily_bars`, a restored table); the market repository keeps them in step with its own writes
 * (ADR 0079).
 */
export function registerRebuildBarBlocks(program: Command): void {
  program
    .command('rebuild-bar-blocks')
    .description(
      'rebuild the stored year blocks of daily bars from the daily_bars rows (all tickers, or those named)',
    )
    .argument('[tickers...]', 'tickers to rebuild (default: every instrument)')
    .option('--json', 'JSON output')
    .action(async (tickers: string[], opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (platform) => {
        if (platform.storage.dialect !== 'sqlite') {
          out.result(
            { rebuilt: 0 },
            'PostgreSQL reads bars from their rows: there are no blocks to rebuild.',
          );
          return;
        }
        const rebuilt = await platform.market.rebuildBarBlocks(tickers.length === 0 ? undefined : tickers);
        const found = new Set(rebuilt);
        const unknown = tickers.map((t) => t.toUpperCase()).filter((t) => !found.has(t));
        if (unknown.length > 0) {
          out.fail('unknown_ticker', `No instrument ${unknown.join(', ')}; nothing was rebuilt for it.`);
          return;
        }
        out.result(
          { rebuilt: rebuilt.length },
          `Rebuilt the bar blocks of ${rebuilt.length} ticker${rebuilt.length === 1 ? '' : 's'}.`,
        );
      });
    });
}
