import type { Command } from 'commander';
import { publicationDeps } from '../../cards/publication-deps.js';
import { publishSession } from '../../cards/publish-session.js';
import { trackOutcomes } from '../../cards/track-outcomes.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';
import { withPlatform } from '../with-platform.js';

export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description(
      "publish a session's trade cards from data through the previous close (once: a repeat is a no-op)",
    )
    .option('--session <date>', 'trading date YYYY-MM-DD (default: the current session)')
    .option('--as-of <instant>', 'run as if it were this ISO-8601 instant (also BELLWETHER_AS_OF)')
    .option(
      '--backfill',
      'publish a session that is already over: recorded as late in the ledger and kept out of the track record',
    )
    .option('--json', 'JSON output')
    .action(async (opts: { session?: string; asOf?: string; backfill?: boolean; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      if (opts.session !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.session))
        return out.fail('invalid_arguments', '--session must be a date such as 2015-06-01');
      const config = loadConfigOrExit(opts.asOf === undefined ? {} : { asOf: opts.asOf });
      await withPlatform(
        async (p) => {
          const deps = publicationDeps(p);
          const outcomes = await trackOutcomes(deps);
          const r = await publishSession(deps, {
            ...(opts.session === undefined ? {} : { session: opts.session }),
            backfill: opts.backfill === true,
          });
          if (!r.ok) return out.fail(r.reason, r.message);
          out.result(
            { ...r, outcomes_recorded: outcomes.recorded },
            r.published
              ? `Session ${r.session}: ${r.cards} cards published${r.late ? ' late (backfill: kept out of the track record)' : ''} from ${r.tickers_scanned} tickers (data through ${r.data_as_of}; calibration on ${r.calibration_samples} past outcomes).` +
                  ` Market ${r.market.ticker ?? 'none'} (${r.market.detail}); market filter ${r.market_filter}.` +
                  (r.note === null ? '' : ` ${r.note}`) +
                  (r.data_issues.length === 0
                    ? ''
                    : ` Left out for their data: ${r.data_issues.map((d) => d.reason).join('; ')}.`)
              : `Session ${r.session} was already published (${r.cards} cards); nothing changed.`,
          );
        },
        { config },
      );
    });
}
