import { basename } from 'node:path';
import type { Command } from 'commander';
import { bareInstrument } from '../../market/store/bare-instrument.js';
import type { MarketDataRepo } from '../../market/store/market-data-repo.js';
import type { Instrument } from '../../market/store/types.js';
import { createOutput, type Output, table } from '../output.js';
import { withPlatform } from '../with-platform.js';
import { isMembershipFile, readMembershipFile } from './membership-file.js';
import { parseTickerList, readTickerFile, type TickerList } from './ticker-list.js';

type Details = ReadonlyMap<string, { readonly name?: string; readonly sector?: string }>;

const tickersFrom = (
  args: readonly string[],
  file: string | undefined,
): TickerList & { details?: Details } => {
  if (file === undefined) return parseTickerList(...args);
  const fromFile = readTickerFile(file);
  if (!fromFile.ok || args.length === 0) return fromFile;
  const fromArgs = parseTickerList(...args);
  if (!fromArgs.ok) return fromArgs;
  const all = parseTickerList(...fromFile.tickers, ...fromArgs.tickers);
  return all.ok ? { ...all, details: fromFile.details } : all;
};

/**
 * Instruments for a file's names and sectors: new tickers are entered with them; a stored instrument gets
 * them only where it has none (a name that is just its ticker, no sector). Returns how many changed.
 */
async function seedDetails(market: MarketDataRepo, details: Details | undefined): Promise<number> {
  if (details === undefined || details.size === 0) return 0;
  const stored = new Map((await market.listInstruments()).map((i) => [i.ticker, i]));
  const rows: Instrument[] = [];
  for (const [ticker, d] of details) {
    const i = stored.get(ticker);
    const base: Instrument = i ?? bareInstrument(ticker, 'universe-file');
    const next = {
      ...base,
      name: base.name === ticker && d.name !== undefined ? d.name : base.name,
      sector: base.sector ?? d.sector ?? null,
    };
    if (i === undefined || next.name !== i.name || next.sector !== i.sector) rows.push(next);
  }
  if (rows.length > 0) await market.write({ source: 'universe-file', instruments: rows });
  return rows.length;
}

/**
 * `universe add --file` with `ticker,start_date,end_date` (ADR 0088): the file's intervals replace its
 * tickers' stored ones, and its tickers are followed. A bad row refuses the whole file before anything
 * is written.
 */
async function addMembership(out: Output, file: string, args: readonly string[]): Promise<void> {
  if (args.length > 0)
    return out.fail(
      'invalid_arguments',
      'a membership file (ticker,start_date,end_date) is imported on its own: add other tickers in a second command',
    );
  const parsed = readMembershipFile(file);
  if (!parsed.ok) return out.fail('invalid_arguments', `${file}: ${parsed.message}`);
  const tickers = [...new Set(parsed.intervals.map((i) => i.ticker))];
  await withPlatform(
    async (p) => {
      const stored = await p.storage.universeMembership.replace(parsed.intervals, basename(file));
      const added = await p.syncState.addToUniverse(tickers);
      const size = (await p.syncState.universe()).length;
      const today = p.clock.now().toISOString().slice(0, 10);
      const members = (await p.storage.universeMembership.load()).membersOn(today).length;
      out.result(
        {
          added,
          already: tickers.length - added,
          size,
          membership: {
            tickers: stored.tickers,
            intervals: stored.intervals,
            members_on: { date: today, members },
          },
        },
        `${stored.intervals} membership intervals of ${stored.tickers} tickers stored (${members} members on ${today}); ` +
          `${added} added, ${tickers.length - added} already followed; the universe has ${size} tickers. ` +
          'Publication, the backtest, the null model and screens now use only the members of each day.',
      );
    },
    { creates: true },
  );
}

/** `bellwether universe add|remove|list`: the tickers the sync follows (ADR 0067). */
export function registerUniverse(program: Command): void {
  const universe = program
    .command('universe')
    .description(
      'the tickers the market-data sync follows (empty: every real ticker stored, else a default of 40 large caps and SPY)',
    );

  universe
    .command('add')
    .description(
      'follow tickers (from arguments and/or a file: one per line, or a CSV whose first column is the ticker)',
    )
    .argument('[tickers...]', 'tickers, space- or comma-separated')
    .option('--file <path>', 'read tickers from a file')
    .option('--json', 'JSON output')
    .action(async (args: string[], opts: { file?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      if (opts.file !== undefined && isMembershipFile(opts.file)) return addMembership(out, opts.file, args);
      const list = tickersFrom(args, opts.file);
      if (!list.ok) return out.fail('invalid_arguments', list.message);
      await withPlatform(
        async (p) => {
          const added = await p.syncState.addToUniverse(list.tickers);
          const described = await seedDetails(p.market, list.details);
          const size = (await p.syncState.universe()).length;
          out.result(
            { added, already: list.tickers.length - added, size, described },
            `${added} added, ${list.tickers.length - added} already followed; the universe has ${size} tickers` +
              (described > 0 ? ` (${described} instruments named and placed in sectors from the file)` : '') +
              '. `bellwether sync` brings their data.',
          );
        },
        { creates: true },
      );
    });

  universe
    .command('remove')
    .description('stop following tickers (their stored data stay)')
    .argument('[tickers...]', 'tickers, space- or comma-separated')
    .option('--file <path>', 'read tickers from a file')
    .option('--json', 'JSON output')
    .action(async (args: string[], opts: { file?: string; json?: boolean }) => {
      const out = createOutput(opts.json === true);
      const list = tickersFrom(args, opts.file);
      if (!list.ok) return out.fail('invalid_arguments', list.message);
      await withPlatform(async (p) => {
        const removed = await p.syncState.removeFromUniverse(list.tickers);
        const size = (await p.syncState.universe()).length;
        out.result(
          { removed, not_followed: list.tickers.length - removed, size },
          `${removed} removed, ${list.tickers.length - removed} were not followed; the universe has ${size} tickers.` +
            (size === 0 ? ' (Empty: the sync follows every real ticker stored.)' : ''),
        );
      });
    });

  universe
    .command('list')
    .description('the followed tickers, each with its last synced session')
    .option('--json', 'JSON output')
    .action(async (opts: { json?: boolean }) => {
      const out = createOutput(opts.json === true);
      await withPlatform(async (p) => {
        const tickers = await p.syncState.universe();
        const through = await p.syncState.furthestCheckpoints('bars');
        const rows = tickers.map((t) => ({
          ticker: t,
          synced_through: through.get(t)?.through ?? null,
          provider: through.get(t)?.provider ?? null,
        }));
        out.result(
          { tickers: rows },
          rows.length === 0
            ? 'The universe is empty: the sync follows every real ticker stored (or, with none, a default of 40 large caps and SPY).'
            : table(
                ['TICKER', 'SYNCED THROUGH', 'PROVIDER'],
                rows.map((r) => [r.ticker, r.synced_through ?? 'never', r.provider ?? '-']),
              ),
        );
      });
    });
}
