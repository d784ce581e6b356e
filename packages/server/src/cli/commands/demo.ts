import { type Command, InvalidArgumentError } from 'commander';
import { DEFAULT_DEMO, seedSyntheticMarket } from '../../market/store/index.js';
import { createPlatform } from '../../platform/create-platform.js';
import { loadConfigOrExit } from '../load-config.js';
import { createOutput } from '../output.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('must be a positive number');
  return n;
}

function seedNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff)
    throw new InvalidArgumentError('must be an integer 0…4294967295');
  return n;
}

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description(
      'fill the database with the deterministic synthetic market (source: synthetic) up to the current session',
    )
    .option('--tickers <n>', 'number of synthetic equities', positiveInt, DEFAULT_DEMO.tickers)
    .option('--years <y>', 'years of daily history', positiveNumber, DEFAULT_DEMO.years)
    .option('--seed <s>', 'generator seed (same seed, same data)', seedNumber, DEFAULT_DEMO.seed)
    .option('--as-of <instant>', 'generate up to the last session closed at this ISO-8601 instant')
    .option('--json', 'JSON output')
    .action(async (opts: { tickers: number; years: number; seed: number; asOf?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const platform = await createPlatform(
        loadConfigOrExit(opts.asOf === undefined ? {} : { asOf: opts.asOf }),
      );
      try {
        const started = performance.now();
        const r = await seedSyntheticMarket(platform.market, {
          seed: opts.seed,
          tickers: opts.tickers,
          years: opts.years,
          now: platform.clock.now(),
        });
        const seconds = (performance.now() - started) / 1000;
        const t = r.written.total;
        out.result(
          {
            source: 'synthetic',
            seed: opts.seed,
            first_session: r.first_session,
            last_session: r.last_session,
            sessions: r.sessions,
            tickers: r.tickers,
            ...t,
            bars: r.written.bars,
            actions: r.written.actions,
            trades: r.written.trades,
            quotes: r.written.quotes,
            news: r.written.news,
            seconds: Math.round(seconds * 1000) / 1000,
          },
          `demo: ${r.tickers.length} synthetic tickers, ${r.sessions} sessions ${r.first_session} … ${r.last_session} — ` +
            `${t.inserted} inserted, ${t.updated} updated, ${t.unchanged} unchanged (${seconds.toFixed(1)} s)`,
        );
      } finally {
        await platform.close();
      }
    });
}
